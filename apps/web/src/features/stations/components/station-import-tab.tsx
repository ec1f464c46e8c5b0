/**
 * The Import Stations tab of /admin/stations: the shared spreadsheet panel, set up
 * with the station columns, a template whose example rows import as they are, and notes on how
 * each row is read (decision 007).
 */
import { STATION_IMPORT_OPTIONAL_COLUMNS, STATION_IMPORT_REQUIRED_COLUMNS } from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ImportOutcome, SpreadsheetImportPanel } from '../../../components/spreadsheet-import-panel.tsx';
import { showSuccess } from '../../../lib/toasts.ts';
import { importStations } from '../api/import-stations.ts';
import { invalidateStations } from '../api/station-queries.ts';

export const STATION_TEMPLATE_FILE_NAME = 'station_import_template.csv';

const TEMPLATE_COLUMNS = [...STATION_IMPORT_REQUIRED_COLUMNS, ...STATION_IMPORT_OPTIONAL_COLUMNS];

/** Two stations in the template's column order; both pass every rule, so the template imports as it is. */
export const STATION_TEMPLATE_EXAMPLE_ROWS = [
  [
    'Westside',
    7,
    '350 West Market Street, Riverton',
    15,
    5,
    5,
    5,
    'Engine 7 and Rescue 7.',
    '555-0107',
    'station7@stationbid.example',
    'true',
    'Captain, Engineer',
  ],
  ['Lakeview', 8, '42 Shoreline Drive, Lakeview', 12, 4, 4, 4, 'Engine 8.', '555-0108', '', 'true', ''],
] as const;

const NOTES = [
  'Station numbers must be unique and above 0; a row whose number is already used is skipped.',
  'Capacities are whole numbers of 0 or more, and shiftACapacity + shiftBCapacity + shiftCCapacity must add up to totalCapacity.',
  "Each shift's seats are made as 1 Captain, then 1 Engineer, then Firefighters. Add Lieutenant seats afterwards in the station form.",
  'isActive is true or false; an empty cell means true.',
  'preferredRanks lists ranks separated by commas, e.g. "Captain, Engineer".',
  'Files: .xlsx, .xls or .csv, up to 5 MB, with the column names in the first row.',
  'A refused row is listed with its reason and never stops the other rows.',
];

export function StationImportTab() {
  const queryClient = useQueryClient();

  async function upload(file: File): Promise<ImportOutcome> {
    const results = await importStations(file);
    showSuccess(`Import completed! ${results.created} stations created, ${results.skipped} skipped.`);
    void invalidateStations(queryClient);
    return {
      figures: [
        { label: 'Created', value: results.created },
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
      templateExampleRows={STATION_TEMPLATE_EXAMPLE_ROWS}
      requiredColumns={STATION_IMPORT_REQUIRED_COLUMNS}
      optionalColumns={STATION_IMPORT_OPTIONAL_COLUMNS}
      notes={NOTES}
      upload={upload}
    />
  );
}
