/**
 * The export of a completed session: an .xlsx with the sheets Summary, Participants (in queue
 * order, with outcome) and Session History. Names and details come from members and administrators, so
 * every text cell that a spreadsheet program could read as a formula is escaped. Headers and labels
 * are the ones the results screen shows (packages/domain/src/labels.ts).
 */
import * as XLSX from '@e965/xlsx';
import {
  type BidSession,
  HISTORY_ACTION_LABELS,
  HISTORY_COLUMN_LABELS,
  historyActorLabel,
  PARTICIPANT_OUTCOME_LABELS,
  participantResultLabel,
  RESULT_COLUMN_LABELS,
  SESSION_STATISTIC_LABELS,
  SESSION_STATUS_LABELS,
  type SessionResults,
} from '@stationbid/domain';
import { escapeSpreadsheetCell } from '../../lib/spreadsheet.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel reserves the sheet name "History" (its change tracking), and SheetJS refuses it. */
export const HISTORY_SHEET_NAME = 'Session History';

export type Cell = string | number | null;

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
    ['Status', SESSION_STATUS_LABELS[results.status]],
    ['Start date', formatTime(session.startDate)],
    ['End date', formatTime(session.endDate)],
    ['Scheduled start', formatTime(results.scheduledStart)],
    ['Scheduled end', formatTime(results.scheduledEnd)],
    ['Actual start', formatTime(results.actualStart)],
    ['Actual end', formatTime(results.actualEnd)],
    ['Session duration (minutes)', results.sessionDuration],
    ['Bid window (minutes)', session.bidWindowDuration],
    ['Auto-assign timeout (minutes)', session.autoAssignTimeout],
    [SESSION_STATISTIC_LABELS.participants, results.totalParticipants],
    ['Completed bids', results.completedBids],
    [SESSION_STATISTIC_LABELS.successfulAssignments, statistics.successfulAssignments],
    [SESSION_STATISTIC_LABELS.autoAssignments, statistics.autoAssignments],
    [SESSION_STATISTIC_LABELS.totalBidsSubmitted, statistics.totalBidsSubmitted],
    [SESSION_STATISTIC_LABELS.averageBidsPerParticipant, statistics.averageBidsPerParticipant],
    [SESSION_STATISTIC_LABELS.participantsMovedToBack, statistics.participantsMovedToBack],
    [SESSION_STATISTIC_LABELS.skipped, statistics.skipped],
    [SESSION_STATISTIC_LABELS.notAssigned, statistics.notAssigned],
    ['Exported at', formatTime(exportedAt.toISOString())],
  ];
}

function participantRows(results: SessionResults): Cell[][] {
  return [
    [
      RESULT_COLUMN_LABELS.queue,
      RESULT_COLUMN_LABELS.priority,
      RESULT_COLUMN_LABELS.name,
      RESULT_COLUMN_LABELS.employeeId,
      RESULT_COLUMN_LABELS.rank,
      RESULT_COLUMN_LABELS.seniorityScore,
      RESULT_COLUMN_LABELS.outcome,
      RESULT_COLUMN_LABELS.result,
      RESULT_COLUMN_LABELS.station,
      RESULT_COLUMN_LABELS.shift,
      RESULT_COLUMN_LABELS.position,
      RESULT_COLUMN_LABELS.movedToBack,
      RESULT_COLUMN_LABELS.reason,
    ],
    ...results.participants.map((participant) => [
      participant.position + 1,
      participant.bidPriority,
      `${participant.user.firstName} ${participant.user.lastName}`,
      participant.user.employeeId,
      participant.user.rank,
      participant.seniorityScore,
      participant.outcome ? PARTICIPANT_OUTCOME_LABELS[participant.outcome] : 'Waiting',
      participantResultLabel(participant),
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
    [
      HISTORY_COLUMN_LABELS.time,
      HISTORY_COLUMN_LABELS.action,
      HISTORY_COLUMN_LABELS.participant,
      HISTORY_COLUMN_LABELS.actor,
      HISTORY_COLUMN_LABELS.station,
      HISTORY_COLUMN_LABELS.shift,
      HISTORY_COLUMN_LABELS.position,
      HISTORY_COLUMN_LABELS.details,
    ],
    ...results.sessionHistory.map((entry) => [
      formatTime(entry.timestamp),
      HISTORY_ACTION_LABELS[entry.action],
      entry.userName,
      historyActorLabel(entry.actorName),
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
