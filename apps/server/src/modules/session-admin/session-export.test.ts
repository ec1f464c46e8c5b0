import * as XLSX from '@e965/xlsx';
import { BID_MESSAGES } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, participants, sessionHistory } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSessionWithMembers, createStationWithSeats, setSessionState } from '../session-engine/test-sessions.ts';
import { exportFileName, HISTORY_SHEET_NAME, XLSX_CONTENT_TYPE } from './session-export.ts';

let context: TestContext;
let adminSignIn: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  adminSignIn = await signIn(context, (await createAdmin(context)).email);
});
afterAll(async () => {
  await context.close();
});

const asAdmin = (options: Parameters<typeof injectAs>[2]) => injectAs(context, adminSignIn, options);

/** A sheet's rows as arrays of the text each cell holds. */
function sheetRows(workbook: XLSX.WorkBook, name: string): unknown[][] {
  const sheet = workbook.Sheets[name];
  if (!sheet) throw new Error(`no sheet ${name}`);
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
}

describe('exportFileName', () => {
  it('names the file from the session name and the UTC time', () => {
    expect(exportFileName('Spring Bid 2026 / Ops', new Date('2026-03-01T07:05:09.123Z'))).toBe(
      'spring-bid-2026-ops-20260301-070509.xlsx',
    );
    expect(exportFileName('***', new Date('2026-03-01T07:05:09Z'))).toBe('bid-session-20260301-070509.xlsx');
  });
});

describe('export of a session', () => {
  it('reports export status and refuses to export a session that is not completed', async () => {
    const withEmail = await createMember(context);
    const deletedLater = await createMember(context, { yearsOfService: 1 });
    const { session } = await createSessionWithMembers(context, adminSignIn, { members: [withEmail, deletedLater] });
    await context.db.delete(members).where(eq(members.id, deletedLater.id));

    const status = await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}/export-status` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      canExport: false,
      canSendReminders: false,
      totalParticipants: 2,
      participantsWithEmail: 1,
      participantsWithoutEmail: 1,
    });

    for (const state of ['draft', 'scheduled', 'active', 'paused'] as const) {
      await setSessionState(context.db, session.id, { status: state });
      const refused = await asAdmin({ method: 'POST', url: `/api/bid-sessions/${session.id}/export` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(BID_MESSAGES.cannotExport);
    }

    await setSessionState(context.db, session.id, { status: 'completed' });
    const completed = await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}/export-status` });
    expect(completed.json()).toMatchObject({ canExport: true, canSendReminders: true });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await asAdmin({ method: 'POST', url: `/api/bid-sessions/${unknown}/export` })).statusCode).toBe(404);

    // The export holds what the results show: the session's own participants may download it too,
    // any other member may not.
    const participantSignIn = await signIn(context, withEmail.email);
    const byParticipant = await injectAs(context, participantSignIn, {
      method: 'POST',
      url: `/api/bid-sessions/${session.id}/export`,
    });
    expect(byParticipant.statusCode).toBe(200);
    expect(byParticipant.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const outsiderSignIn = await signIn(context, (await createMember(context)).email);
    const byOutsider = await injectAs(context, outsiderSignIn, {
      method: 'POST',
      url: `/api/bid-sessions/${session.id}/export`,
    });
    expect(byOutsider.statusCode).toBe(403);
  });

  it('downloads an .xlsx with Summary, Participants in queue order and History, no cell a formula', async () => {
    const { station } = await createStationWithSeats(context.db, { B: { Firefighter: 1 } }, { name: '@Downtown' });
    const attacker = await createMember(context, {
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: '+1',
      employeeId: '-5',
      yearsOfService: 25,
    });
    const plain = await createMember(context, { firstName: 'Pat', lastName: 'Plain', yearsOfService: 3 });
    const { session } = await createSessionWithMembers(context, adminSignIn, {
      members: [plain, attacker],
      request: { name: 'Fall Bid 2026' },
    });
    const [first, second] = session.participants;
    await context.db
      .update(participants)
      .set({
        outcome: 'bid',
        assignedStationId: station.id,
        assignedStationName: station.name,
        assignedStationNumber: station.number,
        assignedShift: 'B',
        assignedSeatPosition: 'Firefighter',
      })
      .where(eq(participants.id, first?.id ?? ''));
    await context.db
      .update(participants)
      .set({ outcome: 'skipped', movedToBack: true })
      .where(eq(participants.id, second?.id ?? ''));
    const start = context.clock.now();
    await context.db.insert(sessionHistory).values({
      sessionId: session.id,
      action: 'bid_submitted',
      actorName: '=HYPERLINK("http://evil.example","x") +1',
      participantId: first?.id,
      userName: '=HYPERLINK("http://evil.example","x") +1',
      stationName: station.name,
      stationNumber: station.number,
      shift: 'B',
      seatPosition: 'Firefighter',
      bidPriority: 1,
      details: { proxy: false },
      createdAt: start,
    });
    await setSessionState(context.db, session.id, {
      status: 'completed',
      actualStart: start,
      actualEnd: new Date(start.getTime() + 12 * 60_000),
    });

    const response = await asAdmin({ method: 'POST', url: `/api/bid-sessions/${session.id}/export` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="fall-bid-2026-20260301-120000.xlsx"');

    const workbook = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
    expect(workbook.SheetNames).toEqual(['Summary', 'Participants', HISTORY_SHEET_NAME]);
    for (const name of workbook.SheetNames) {
      const sheet = workbook.Sheets[name] as XLSX.WorkSheet;
      const formulas = Object.entries(sheet).filter(([address, cell]) => !address.startsWith('!') && cell.f);
      expect(formulas).toEqual([]);
    }

    const summary = Object.fromEntries(sheetRows(workbook, 'Summary').map(([label, value]) => [label, value]));
    expect(summary).toMatchObject({
      Session: 'Fall Bid 2026',
      Year: 2026,
      Status: 'Completed',
      'Session duration (minutes)': 12,
      'Bid window (minutes)': 5,
      Participants: 2,
      'Successful assignments': 1,
      'Moved to back': 1,
      'Actual start': '2026-03-01 12:00:00 UTC',
    });

    const participantRows = sheetRows(workbook, 'Participants');
    expect(participantRows[0]).toEqual([
      'Queue',
      'Priority',
      'Name',
      'Employee ID',
      'Rank',
      'Seniority score',
      'Outcome',
      'Status',
      'Station',
      'Shift',
      'Position',
      'Moved to back',
      'Why this seat',
    ]);
    expect(participantRows[1]).toEqual([
      1,
      1,
      `'=HYPERLINK("http://evil.example","x") +1`,
      "'-5",
      'Firefighter',
      250,
      'Own bid',
      'Assigned',
      `'@Downtown (${station.number})`,
      'B',
      'Firefighter',
      'No',
      // Why this seat, from the history alone (this history was written before the chain), told
      // about the member by name: the export is read by someone else.
      `'=HYPERLINK("http://evil.example","x") +1 bid Station ${station.number}, B, Firefighter at 12:00 PM UTC.`,
    ]);
    expect(participantRows[2]).toEqual([
      2,
      2,
      'Pat Plain',
      plain.employeeId,
      'Firefighter',
      30,
      'Skipped',
      'Not Assigned',
      '',
      '',
      '',
      'Yes',
      '',
    ]);

    const historyRows = sheetRows(workbook, HISTORY_SHEET_NAME);
    expect(historyRows[0]).toEqual(['Time', 'Action', 'Participant', 'By', 'Station', 'Shift', 'Position', 'Details']);
    expect(historyRows[1]).toEqual([
      '2026-03-01 12:00:00 UTC',
      'Bid submitted',
      `'=HYPERLINK("http://evil.example","x") +1`,
      `'=HYPERLINK("http://evil.example","x") +1`,
      `'@Downtown (${station.number})`,
      'B',
      'Firefighter',
      'proxy: false',
    ]);
  });
});
