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
  const columns = [...STATION_IMPORT_REQUIRED_COLUMNS, ...STATION_IMPORT_OPTIONAL_COLUMNS];

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
  it('uploads a spreadsheet, shows the figures and refused rows, says so and reloads the list', async () => {
    let stations = [buildStation({ number: 1, name: 'Downtown' })];
    const { user, api } = renderApp({
      path: '/admin/stations',
      signedInAs: adminUser,
      api: {
        [LIST]: () => jsonResponse(200, { stations }),
        'POST /api/admin/import-stations': () => {
          stations = [
            ...stations,
            buildStation({ number: 7, name: 'Westside' }),
            buildStation({ number: 8, name: 'Lakeview' }),
          ];
          return jsonResponse(200, {
            results: {
              created: 2,
              skipped: 1,
              total: 3,
              errors: [{ row: 4, error: 'Skipped: Station number 1 already exists' }],
            },
            message: 'Import completed! 2 stations created, 1 skipped.',
          });
        },
      },
    });
    await screen.findByRole('article', { name: 'Downtown' });

    await user.click(screen.getByRole('tab', { name: 'Import Stations' }));
    expect(await screen.findByRole('button', { name: 'Download Template' })).toBeInTheDocument();
    for (const column of STATION_IMPORT_REQUIRED_COLUMNS) expect(screen.getByText(column)).toBeInTheDocument();
    expect(screen.getByText('seatRules')).toBeInTheDocument();
    expect(screen.getByText(/must add up to totalCapacity/)).toBeInTheDocument();
    expect(screen.getByText(/^seatRules marks seats that require certifications or must be filled/)).toHaveTextContent(
      '"B:Firefighter:2:PM:mustFill; A:Engineer:1:DO"',
    );

    const file = new File(['name,number\n'], 'stations.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Spreadsheet file'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Import completed! 2 stations created, 1 skipped.')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Import Results' });
    for (const [label, value] of [
      ['Created', '2'],
      ['Skipped', '1'],
      ['Total', '3'],
      ['Errors', '1'],
    ] as const) {
      expect(within(results).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(results).getByRole('row', { name: /Skipped: Station number 1 already exists/ })).toHaveTextContent(
      '4',
    );
    expect(api.requestsTo('POST /api/admin/import-stations')[0]?.formData?.get('file')).toBe(file);
    await waitFor(() => expect(api.requestsTo(LIST)).toHaveLength(2));

    await user.click(screen.getByRole('tab', { name: 'Station List' }));
    expect(await screen.findByRole('article', { name: 'Westside' })).toBeInTheDocument();
  });
});
