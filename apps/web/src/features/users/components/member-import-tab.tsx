/**
 * The Import Users tab of /admin/users: members in bulk from a spreadsheet,
 * on the shared import panel. The file is first previewed (what it would add and change, and the
 * rows it would refuse) and imported only when confirmed. The results card counts what was created and skipped, lists each
 * refused row with its reason, and says how many password-setup e-mails wait in the outbox.
 */
import {
  IMPORT_JOB_ROW_THRESHOLD,
  LIMITS,
  MEMBER_IMPORT_REQUIRED_COLUMNS,
  MEMBER_IMPORT_TEMPLATE_COLUMNS,
  type MemberImportResult,
  PHONE_NUMBER_EXAMPLE,
  PROFESSIONAL_POSITIONS,
  RANKS,
  SEAT_POSITIONS,
  SHIFTS,
} from '@stationbid/domain';
import {
  type ImportOutcome,
  type ImportPreview,
  SpreadsheetImportPanel,
} from '../../../components/spreadsheet-import-panel.tsx';
import { previewMemberImport, useImportMembers } from '../api/import-members.ts';

const OPTIONAL_COLUMNS = MEMBER_IMPORT_TEMPLATE_COLUMNS.filter(
  (column) => !(MEMBER_IMPORT_REQUIRED_COLUMNS as readonly string[]).includes(column),
);

/**
 * Two example members, in MEMBER_IMPORT_TEMPLATE_COLUMNS order, that import cleanly as they stand
 * (no certifications: a code must be in the department's catalogue first).
 */
const TEMPLATE_EXAMPLE_ROWS = [
  [
    'Jordan',
    'Avery',
    'jordan.avery@example.org',
    'FD-2041',
    'Firefighter',
    'EMT',
    3,
    '2022-08-01',
    '2022-08-01',
    14,
    '',
    PHONE_NUMBER_EXAMPLE,
    '',
    '',
    '',
  ],
  [
    'Riley',
    'Chen',
    'riley.chen@example.org',
    'FD-2042',
    'Engineer',
    'Driver',
    11,
    '2014-03-02',
    '2019-06-15',
    3,
    '',
    '',
    '',
    '',
    '',
  ],
] as const;

const NOTES = [
  'The header row names the columns as the template does, in any letter case and spacing ("First Name" and "Employee ID" work too); only the first sheet is read. The preview lists any column the import does not read.',
  `rank: one of ${RANKS.join(', ')} (any letter case). Empty means Firefighter.`,
  `position: one of ${PROFESSIONAL_POSITIONS.join(', ')} (any letter case). Empty means Firefighter.`,
  `yearsOfService: a whole number from ${LIMITS.yearsOfServiceMin} to ${LIMITS.yearsOfServiceMax}. Empty means ${LIMITS.yearsOfServiceMin}.`,
  'hireDate, rankDate (promotion to the current rank): dates written YYYY-MM-DD, such as 2014-03-02. Empty means not recorded.',
  'listNumber: the civil-service list number, a whole number of 1 or more (lower bids first in a same-day class).',
  'certifications: codes from the Certifications page separated by ;, each with an optional expiry date after a colon, such as PM:2027-06-30;DO.',
  `phone: a mobile number such as ${PHONE_NUMBER_EXAMPLE}, or one starting with + and its country code.`,
  `station, shift, seat: the member's current seat, as Assign Station sets it: the station's number or name, the shift (${SHIFTS.join(', ')}) and the seat (${SEAT_POSITIONS.join(', ')}; empty means the one for the member's rank).`,
  'A row with the employee ID of a member already here updates that member: every column whose cell is filled in and differs (name, e-mail, phone, rank, position, years of service, dates, list number, certifications, seat). An empty cell leaves that field as it is. The preview lists each change as old -> new.',
  'A row whose e-mail belongs to another member, or whose e-mail or employee ID an earlier row of the file has, is skipped and listed with the reason.',
  'Upload shows a preview of what the file would change; nothing is saved until you choose Import.',
  'Each row stands alone: a refused row is listed with its row number and every other row is still imported.',
  `A file of more than ${IMPORT_JOB_ROW_THRESHOLD.toLocaleString('en')} rows is imported in the background: a progress bar shows the rows done, and the results follow when it has finished.`,
  'Imported members have no password yet. Each gets a password-setup e-mail, queued in the outbox until e-mail delivery is configured: the results count them under Emails queued.',
];

function toImportOutcome(results: MemberImportResult): ImportOutcome {
  return {
    figures: [
      { label: 'Created', value: results.created },
      { label: 'Updated', value: results.updated ?? 0 },
      { label: 'Skipped', value: results.skipped },
      { label: 'Total', value: results.total },
      { label: 'Emails queued', value: results.emailsQueued },
      { label: 'Emails sent', value: results.emailsSent },
      { label: 'Emails failed', value: results.emailsFailed },
    ],
    errors: results.errors,
  };
}

function toImportPreview(results: MemberImportResult): ImportPreview {
  const updated = results.updated ?? 0;
  return {
    figures: [
      { label: 'New members', value: results.created },
      { label: 'Updated members', value: updated },
      { label: 'Unchanged', value: results.unchanged ?? 0 },
      { label: 'Row errors', value: results.skipped },
    ],
    changes: results.changes ?? [],
    unknownColumns: results.unknownColumns ?? [],
    errors: results.errors,
    toImport: results.created + updated,
  };
}

export function MemberImportTab() {
  const importMembers = useImportMembers();
  return (
    <SpreadsheetImportPanel
      subject="members"
      templateFileName="user_import_template.csv"
      templateColumns={MEMBER_IMPORT_TEMPLATE_COLUMNS}
      templateExampleRows={TEMPLATE_EXAMPLE_ROWS}
      requiredColumns={MEMBER_IMPORT_REQUIRED_COLUMNS}
      optionalColumns={OPTIONAL_COLUMNS}
      notes={NOTES}
      itemNoun="member"
      preview={async (file) => toImportPreview((await previewMemberImport(file)).results)}
      upload={async (file, onProgress) =>
        toImportOutcome((await importMembers.mutateAsync({ file, onProgress })).results)
      }
    />
  );
}
