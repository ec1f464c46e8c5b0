import {
  parseStationImportRow,
  STATION_IMPORT_OPTIONAL_COLUMNS,
  STATION_IMPORT_REQUIRED_COLUMNS,
} from '@stationbid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildStation } from '../../../test/build-station.ts';
import { adminUser } from '../../../test/fixtures.ts';
import { jsonResponse } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { templateExampleRows, templateSeatRules } from './station-import-tab.tsx';

const LIST = 'GET /api/stations?includeInactive=true';

describe('the station import template', () => {
  // The template leaves out totalCapacity: a station's capacity is the sum of its shift columns.
  const columns = [
    ...STATION_IMPORT_REQUIRED_COLUMNS,
    ...STATION_IMPORT_OPTIONAL_COLUMNS.filter((column) => column !== 'totalCapacity'),
  ];

  it.each([
    ['a department with PM', ['DO', 'HM', 'PM'], 'B:Firefighter:2:PM:mustFill; C:Firefighter:1:PM'],
    ['a department without PM', ['HM', 'DO'], 'B:Firefighter:2:HM:mustFill; C:Firefighter:1:HM'],
    ['a department without certifications', [], 'B:Firefighter:2::mustFill'],
  ])('has seat rules for %s that name only its own codes', (_, codes, seatRules) => {
    expect(templateSeatRules(codes)).toBe(seatRules);
  });

  it.each(
    [['PM'], []].flatMap((codes) => templateExampleRows(codes).map((row) => [row[0], codes.join(), row] as const)),
  )('has example "%s" (codes: "%s"), which the import accepts as it is', (_, _codes, row) => {
    expect(row).toHaveLength(columns.length);
    const values = Object.fromEntries(columns.map((column, index) => [column, String(row[index])]));
    expect(parseStationImportRow(values)).toMatchObject({ ok: true });
  });
});

describe('Download Template', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.restoreAllMocks();
  });

  it("writes the seatRules column with the department's own codes", async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:template';
      },
      revokeObjectURL: () => {},
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, api } = renderApp({
      path: '/admin/stations',
      signedInAs: adminUser,
      api: {
        [LIST]: () => jsonResponse(200, { stations: [] }),
        'GET /api/admin/certifications': () =>
          jsonResponse(200, { certifications: [{ id: 'c1', code: 'PM', name: 'Paramedic', holders: 0 }] }),
      },
    });
    await waitFor(() => expect(api.requestsTo(LIST)).toHaveLength(1));
    // Read only once the tab is shown: the station list alone sends no surprise request.
    expect(api.requestsTo('GET /api/admin/certifications')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Import Stations' }));
    expect(await screen.findByText(/Certifications page first \(the department's: PM\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download Template' }));

    const [blob] = blobs;
    if (!blob) throw new Error('no template was downloaded');
    const [header, westside] = (await blob.text()).split('\r\n');
    expect(header?.endsWith(',preferredRanks,seatRules')).toBe(true);
    expect(westside?.endsWith(',B:Firefighter:2:PM:mustFill; C:Firefighter:1:PM')).toBe(true);
  });
});

describe('Import Stations tab', () => {
  const results = {
    created: 2,
    updated: 1,
    unchanged: 0,
    skipped: 1,
    total: 4,
    errors: [
      {
        row: 5,
        error:
          "totalCapacity is 9, but the shift columns give 6 seats (A + B + C). A station's capacity comes from its seats: correct the shift columns, or remove the totalCapacity column.",
      },
    ],
    changes: [
      { row: 2, kind: 'new', number: 7, name: 'Westside', fields: ['seats: A 5, B 5, C 5'] },
      { row: 3, kind: 'new', number: 8, name: 'Lakeview', fields: ['seats: A 4, B 4, C 4'] },
      {
        row: 4,
        kind: 'updated',
        number: 1,
        name: 'Downtown Central',
        fields: ['name: Downtown -> Downtown Central', 'shift A seats: Captain 1, Engineer 1 -> Captain 1'],
      },
    ],
    unknownColumns: ['Colour'],
  } as const;

  function renderTab() {
    let stations = [buildStation({ number: 1, name: 'Downtown' })];
    return renderApp({
      path: '/admin/stations',
      signedInAs: adminUser,
      api: {
        [LIST]: () => jsonResponse(200, { stations }),
        'POST /api/admin/import-stations?dryRun=1': () =>
          jsonResponse(200, {
            results: { ...results, dryRun: true },
            message: 'Preview: 2 new stations, 1 updated, 0 unchanged, 1 row with errors. Nothing is saved yet.',
          }),
        'POST /api/admin/import-stations': () => {
          stations = [
            buildStation({ number: 1, name: 'Downtown Central' }),
            buildStation({ number: 7, name: 'Westside' }),
            buildStation({ number: 8, name: 'Lakeview' }),
          ];
          return jsonResponse(200, {
            results: { ...results, dryRun: false },
            message: 'Import completed! 2 stations created, 1 updated, 1 skipped.',
          });
        },
      },
    });
  }

  it('asks for no totalCapacity column and says where capacity comes from', async () => {
    const { user } = renderTab();
    await screen.findByRole('article', { name: 'Downtown' });
    await user.click(screen.getByRole('tab', { name: 'Import Stations' }));
    expect(await screen.findByRole('button', { name: 'Download Template' })).toBeInTheDocument();
    for (const column of STATION_IMPORT_REQUIRED_COLUMNS) expect(screen.getByText(column)).toBeInTheDocument();
    expect(screen.queryByText('totalCapacity')).not.toBeInTheDocument();
    expect(screen.getByText(/the station's capacity is their sum/)).toBeInTheDocument();
    expect(screen.getByText(/an empty cell leaves that detail as it is/)).toBeInTheDocument();
  });

  it('previews the file, imports nothing until confirmed, then shows the figures and reloads the list', async () => {
    const { user, api } = renderTab();
    await screen.findByRole('article', { name: 'Downtown' });
    await user.click(screen.getByRole('tab', { name: 'Import Stations' }));
    expect(screen.getByText(/^seatRules marks seats that require certifications or must be filled/)).toHaveTextContent(
      '"B:Firefighter:2:PM:mustFill; A:Engineer:1:DO"',
    );

    const file = new File(['name,number\n'], 'stations.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Spreadsheet file'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const preview = await screen.findByRole('region', { name: 'Preview: nothing is saved yet' });
    for (const [label, value] of [
      ['New stations', '2'],
      ['Updated stations', '1'],
      ['Unchanged', '0'],
      ['Row errors', '1'],
    ] as const) {
      expect(within(preview).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(preview).getByText(/Colour/)).toBeInTheDocument();
    const changes = within(within(preview).getByRole('table', { name: 'Changes to import' })).getAllByRole('row');
    expect(changes[0]).toHaveTextContent('Station');
    expect(changes.slice(1).map((row) => row.textContent)).toEqual([
      '2Station 7 (Westside)Newseats: A 5, B 5, C 5',
      '3Station 8 (Lakeview)Newseats: A 4, B 4, C 4',
      '4Station 1 (Downtown Central)Updatedname: Downtown -> Downtown Centralshift A seats: Captain 1, Engineer 1 -> Captain 1',
    ]);
    expect(
      within(within(preview).getByRole('table', { name: 'Rows that will not be imported' })).getByRole('row', {
        name: /totalCapacity is 9/,
      }),
    ).toHaveTextContent('5');
    expect(api.requestsTo('POST /api/admin/import-stations')).toHaveLength(0);

    await user.click(within(preview).getByRole('button', { name: 'Import 3 stations' }));
    expect(await screen.findByText('Import completed! 2 stations created, 1 updated, 1 skipped.')).toBeInTheDocument();
    const outcome = screen.getByRole('region', { name: 'Import Results' });
    for (const [label, value] of [
      ['Created', '2'],
      ['Updated', '1'],
      ['Skipped', '1'],
      ['Total', '4'],
    ] as const) {
      expect(within(outcome).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(api.requestsTo('POST /api/admin/import-stations?dryRun=1')[0]?.formData?.get('file')).toBe(file);
    expect(api.requestsTo('POST /api/admin/import-stations')[0]?.formData?.get('file')).toBe(file);
    await waitFor(() => expect(api.requestsTo(LIST)).toHaveLength(2));

    await user.click(screen.getByRole('tab', { name: 'Station List' }));
    expect(await screen.findByRole('article', { name: 'Westside' })).toBeInTheDocument();
  });

  it('drops the preview on Cancel and saves nothing', async () => {
    const { user, api } = renderTab();
    await screen.findByRole('article', { name: 'Downtown' });
    await user.click(screen.getByRole('tab', { name: 'Import Stations' }));
    await user.upload(screen.getByLabelText('Spreadsheet file'), new File(['x'], 'stations.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    const preview = await screen.findByRole('region', { name: 'Preview: nothing is saved yet' });
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Preview: nothing is saved yet' })).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/import-stations')).toHaveLength(0);
  });
});
