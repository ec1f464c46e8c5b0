/**
 * The Import Users tab of /admin/users: members in bulk from a spreadsheet,
 * on the shared import panel. The results card counts what was created and skipped, lists each
 * refused row with its reason, and says how many password-setup e-mails wait in the outbox.
 */
import {
  IMPORT_JOB_ROW_THRESHOLD,
  LIMITS,
  MEMBER_IMPORT_REQUIRED_COLUMNS,
  MEMBER_IMPORT_TEMPLATE_COLUMNS,
  type MemberImportResult,
  PROFESSIONAL_POSITIONS,
  RANKS,
} from '@stationbid/domain';
import { type ImportOutcome, SpreadsheetImportPanel } from '../../../components/spreadsheet-import-panel.tsx';
import { useImportMembers } from '../api/import-members.ts';

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
  ],
  ['Riley', 'Chen', 'riley.chen@example.org', 'FD-2042', 'Engineer', 'Driver', 11, '2014-03-02', '2019-06-15', 3, ''],
] as const;

const NOTES = [
  'The header row must name the columns exactly as the template does; only the first sheet is read.',
  `rank: one of ${RANKS.join(', ')} (any letter case). Empty means Firefighter.`,
  `position: one of ${PROFESSIONAL_POSITIONS.join(', ')} (any letter case). Empty means Firefighter.`,
  `yearsOfService: a whole number from ${LIMITS.yearsOfServiceMin} to ${LIMITS.yearsOfServiceMax}. Empty means ${LIMITS.yearsOfServiceMin}.`,
  'hireDate, rankDate (promotion to the current rank): dates written YYYY-MM-DD, such as 2014-03-02. Empty means not recorded.',
  'listNumber: the civil-service list number, a whole number of 1 or more (lower bids first in a same-day class).',
  'certifications: codes from the Certifications page separated by ;, each with an optional expiry date after a colon, such as PM:2027-06-30;DO.',
  'A row whose e-mail or employee ID already belongs to a member, or to an earlier row of the file, is skipped and listed with the reason.',
  'Each row stands alone: a refused row is listed with its row number and every other row is still imported.',
  `A file of more than ${IMPORT_JOB_ROW_THRESHOLD.toLocaleString('en')} rows is imported in the background: a progress bar shows the rows done, and the results follow when it has finished.`,
  'Imported members have no password yet. Each gets a password-setup e-mail, queued in the outbox until e-mail delivery is configured: the results count them under Emails queued.',
];

function toImportOutcome(results: MemberImportResult): ImportOutcome {
  return {
    figures: [
      { label: 'Created', value: results.created },
      { label: 'Skipped', value: results.skipped },
      { label: 'Total', value: results.total },
      { label: 'Emails queued', value: results.emailsQueued },
      { label: 'Emails sent', value: results.emailsSent },
      { label: 'Emails failed', value: results.emailsFailed },
    ],
    errors: results.errors,
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
      upload={async (file, onProgress) =>
        toImportOutcome((await importMembers.mutateAsync({ file, onProgress })).results)
      }
    />
  );
}
