/**
 * The Import Stations tab of /admin/stations: the shared spreadsheet panel, set up
 * with the station columns, a template whose example rows import as they are (its seat rules name
 * the department's own certification codes), and notes on how each row is read (decision 007).
 * The file is first previewed (what it would add and change, and the rows it would refuse) and
 * imported only when confirmed, as the member import does.
 */
import {
  STATION_IMPORT_OPTIONAL_COLUMNS,
  STATION_IMPORT_REQUIRED_COLUMNS,
  type StationImportResponse,
} from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ImportOutcome,
  type ImportPreview,
  SpreadsheetImportPanel,
} from '../../../components/spreadsheet-import-panel.tsx';
import { showSuccess } from '../../../lib/toasts.ts';
import { useCertificationsQuery } from '../../certifications/index.ts';
import { importStations } from '../api/import-stations.ts';
import { invalidateStations } from '../api/station-queries.ts';

export const STATION_TEMPLATE_FILE_NAME = 'station_import_template.csv';

// totalCapacity is read only from older files (to check it); the template leaves it out.
const OPTIONAL_COLUMNS = STATION_IMPORT_OPTIONAL_COLUMNS.filter((column) => column !== 'totalCapacity');
const TEMPLATE_COLUMNS = [...STATION_IMPORT_REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];

/**
 * The template's example seat rules, from the department's own certification codes (Paramedic when
 * it has PM), since the import refuses a code the department does not have. A department without
 * certifications gets must-fill seats without codes instead, so the template always imports as it is.
 */
export function templateSeatRules(codes: readonly string[]): string {
  const code = codes.includes('PM') ? 'PM' : codes[0];
  return code === undefined ? 'B:Firefighter:2::mustFill' : `B:Firefighter:2:${code}:mustFill; C:Firefighter:1:${code}`;
}

/** Two stations in the template's column order; both pass every rule, so the template imports as it is. */
export function templateExampleRows(codes: readonly string[]) {
  return [
    [
      'Westside',
      7,
      '350 West Market Street, Riverton',
      5,
      5,
      5,
      'Engine 7 and Rescue 7.',
      '555-0107',
      'station7@stationbid.example',
      'true',
      'Captain, Engineer',
      templateSeatRules(codes),
    ],
    ['Lakeview', 8, '42 Shoreline Drive, Lakeview', 4, 4, 4, 'Engine 8.', '555-0108', '', 'true', '', ''],
  ] as const;
}

/** The notes; `codes` are the department's certification codes once they are read. */
function importNotes(codes: readonly string[] | undefined): string[] {
  const known =
    codes === undefined
      ? ''
      : codes.length === 0
        ? ' (the department has none yet)'
        : ` (the department's: ${codes.join(', ')})`;
  return [
    'Station numbers are above 0. A row with the number of a station already here updates that station: its name and address, the other details whose cells are filled in (an empty cell leaves that detail as it is), and its seats, as the station form would change them (seats members hold are never removed). A number used twice in the file is refused the second time.',
    "shiftACapacity, shiftBCapacity and shiftCCapacity are whole numbers of 0 or more: the station's capacity is their sum. An older file's totalCapacity column is still accepted when it equals that sum; a row where it does not is refused.",
    "Each shift's seats are made as 1 Captain, then 1 Engineer, then Firefighters. Add Lieutenant seats afterwards in the station form.",
    'isActive is true or false; an empty cell means true.',
    'preferredRanks lists ranks separated by commas, e.g. "Captain, Engineer".',
    'seatRules marks seats that require certifications or must be filled: rules separated by ";", each shift:position:count:codes, with several codes joined by "+" and :mustFill at the end for seats that must be filled, e.g. "B:Firefighter:2:PM:mustFill; A:Engineer:1:DO". The count is taken from that shift\'s seats of that position as made above; the others stay open to everyone.',
    `seatRules codes must be on the Certifications page first${known}. Must-fill seats without certifications leave the codes empty, e.g. "B:Captain:1::mustFill".`,
    'Files: .xlsx, .xls or .csv, up to 5 MB, with the column names in the first row, in any letter case and spacing ("Shift A Capacity" works for shiftACapacity).',
    'Upload shows a preview of what the file would change; nothing is saved until you choose Import.',
    'A refused row is listed with its reason and never stops the other rows.',
  ];
}

function toImportPreview(results: StationImportResponse['results']): ImportPreview {
  return {
    figures: [
      { label: 'New stations', value: results.created },
      { label: 'Updated stations', value: results.updated },
      { label: 'Unchanged', value: results.unchanged },
      { label: 'Row errors', value: results.skipped },
    ],
    changes: results.changes.map((change) => ({ ...change, name: `Station ${change.number} (${change.name})` })),
    unknownColumns: results.unknownColumns,
    errors: results.errors,
    toImport: results.created + results.updated,
  };
}

/** `isShown`: the tab is on screen; only then is the catalogue read for the template's example. */
export function StationImportTab({ isShown }: { isShown: boolean }) {
  const queryClient = useQueryClient();
  const catalogue = useCertificationsQuery({ enabled: isShown });
  const codes = catalogue.data?.map((certification) => certification.code);

  async function upload(file: File): Promise<ImportOutcome> {
    const { results, message } = await importStations(file);
    showSuccess(message);
    void invalidateStations(queryClient);
    return {
      figures: [
        { label: 'Created', value: results.created },
        { label: 'Updated', value: results.updated },
        { label: 'Skipped', value: results.skipped },
        { label: 'Total', value: results.total },
        { label: 'Errors', value: results.errors.length },
      ],
      errors: results.errors,
    };
  }

  return (
    <SpreadsheetImportPanel
      subject="stations"
      templateFileName={STATION_TEMPLATE_FILE_NAME}
      templateColumns={TEMPLATE_COLUMNS}
      templateExampleRows={templateExampleRows(codes ?? [])}
      requiredColumns={STATION_IMPORT_REQUIRED_COLUMNS}
      optionalColumns={OPTIONAL_COLUMNS}
      notes={importNotes(codes)}
      itemNoun="station"
      preview={async (file) => toImportPreview((await importStations(file, { dryRun: true })).results)}
      upload={upload}
    />
  );
}
