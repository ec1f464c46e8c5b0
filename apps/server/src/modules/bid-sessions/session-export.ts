/**
 * The export of a completed session: an .xlsx with the sheets Summary, Participants (in queue
 * order, with outcome) and Session History. Names and details come from members and administrators, so
 * every text cell that a spreadsheet program could read as a formula is escaped.
 */
import * as XLSX from '@e965/xlsx';
import type { BidSession, HistoryAction, ParticipantOutcome, SessionResults } from '@stationbid/domain';
import { escapeSpreadsheetCell } from '../../lib/spreadsheet.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel reserves the sheet name "History" (its change tracking), and SheetJS refuses it. */
export const HISTORY_SHEET_NAME = 'Session History';

export type Cell = string | number | null;

const OUTCOME_LABELS: Record<ParticipantOutcome, string> = {
  bid: 'Own bid',
  proxy_bid: 'Phone-in bid',
  auto_assigned: 'Auto-assigned',
  skipped: 'Skipped',
  not_assigned: 'Not assigned',
};

const ACTION_LABELS: Record<HistoryAction, string> = {
  session_started: 'Session started',
  session_paused: 'Session paused',
  session_resumed: 'Session resumed',
  session_completed: 'Session completed',
  bid_submitted: 'Bid submitted',
  turn_skipped: 'Turn skipped',
  moved_to_back: 'Moved to back',
  auto_assigned: 'Auto-assigned',
};

/** "2026-03-01 12:00:00 UTC": all times are exported in UTC and say so. */
function formatTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '';
}

function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join('; ');
}

/** A sheet from rows of cells; text is escaped so no cell ever runs as a formula. */
export function toSheet(rows: Cell[][]): XLSX.WorkSheet {
  const escaped = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' ? escapeSpreadsheetCell(cell) : (cell ?? ''))),
  );
  return XLSX.utils.aoa_to_sheet(escaped);
}

function summaryRows(results: SessionResults, session: BidSession, exportedAt: Date): Cell[][] {
  const { statistics } = results;
  return [
    ['Field', 'Value'],
    ['Session', results.name],
    ['Description', session.description],
    ['Year', results.year],
    ['Status', results.status],
    ['Start date', formatTime(session.startDate)],
    ['End date', formatTime(session.endDate)],
    ['Scheduled start', formatTime(results.scheduledStart)],
    ['Scheduled end', formatTime(results.scheduledEnd)],
    ['Actual start', formatTime(results.actualStart)],
    ['Actual end', formatTime(results.actualEnd)],
    ['Session duration (minutes)', results.sessionDuration],
    ['Bid window (minutes)', session.bidWindowDuration],
    ['Auto-assign timeout (minutes)', session.autoAssignTimeout],
    ['Participants', results.totalParticipants],
    ['Completed bids', results.completedBids],
    ['Successful assignments', statistics.successfulAssignments],
    ['Auto-assignments', statistics.autoAssignments],
    ['Total bids submitted', statistics.totalBidsSubmitted],
    ['Average bids per participant', statistics.averageBidsPerParticipant],
    ['Moved to back', statistics.participantsMovedToBack],
    ['Skipped', statistics.skipped],
    ['Not assigned', statistics.notAssigned],
    ['Exported at', formatTime(exportedAt.toISOString())],
  ];
}

function participantRows(results: SessionResults): Cell[][] {
  return [
    [
      'Place',
      'Priority',
      'Name',
      'Employee ID',
      'Rank',
      'Seniority score',
      'Outcome',
      'Result',
      'Station',
      'Shift',
      'Position',
      'Moved to back',
      'Reason',
    ],
    ...results.participants.map((participant) => [
      participant.position + 1,
      participant.bidPriority,
      `${participant.user.firstName} ${participant.user.lastName}`,
      participant.user.employeeId,
      participant.user.rank,
      participant.seniorityScore,
      participant.outcome ? OUTCOME_LABELS[participant.outcome] : 'Waiting',
      participant.hasBid ? 'Assigned' : 'Not Assigned',
      participant.assignedStation ? `${participant.assignedStation.name} (${participant.assignedStation.number})` : '',
      participant.assignedShift,
      participant.assignedPosition,
      participant.movedToBack ? 'Yes' : 'No',
      participant.reason ?? '',
    ]),
  ];
}

function historyRows(results: SessionResults): Cell[][] {
  return [
    ['Time', 'Action', 'Participant', 'Actor', 'Station', 'Shift', 'Position', 'Details'],
    ...results.sessionHistory.map((entry) => [
      formatTime(entry.timestamp),
      ACTION_LABELS[entry.action],
      entry.userName,
      entry.actorName,
      entry.stationName === null ? null : `${entry.stationName} (${entry.stationNumber})`,
      entry.shift,
      entry.position,
      describeDetails(entry.detailsData),
    ]),
  ];
}

/** The workbook of a session's results, as .xlsx bytes. */
export function buildSessionWorkbook(results: SessionResults, session: BidSession, exportedAt: Date): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, toSheet(summaryRows(results, session, exportedAt)), 'Summary');
  XLSX.utils.book_append_sheet(workbook, toSheet(participantRows(results)), 'Participants');
  XLSX.utils.book_append_sheet(workbook, toSheet(historyRows(results)), HISTORY_SHEET_NAME);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** "spring-bid-2026-20260301-120000.xlsx": the session name as a slug and the export time in UTC. */
export function exportFileName(sessionName: string, exportedAt: Date): string {
  const slug =
    sessionName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'bid-session';
  const stamp = exportedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${slug}-${stamp}.xlsx`;
}
