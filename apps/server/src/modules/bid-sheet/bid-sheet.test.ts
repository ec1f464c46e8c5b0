/**
 * The PDF bid sheet through the API: a session played to its end, its sheet downloaded
 * and its text read back with a PDF text extractor (unpdf, PDF.js): the session, each station's
 * seats with their holders, the queue with outcomes, times in the department's zone, and the
 * record's hashes in the footer; who may print it, and not before the session has completed.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { BID_MESSAGES, type SessionRecordDocument } from '@stationbid/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';
import { bidSheetFileName } from './bid-sheet.routes.ts';
import { BID_SHEET_MESSAGES } from './bid-sheet.service.ts';
import { MOVED_TO_BACK_NOTE, VERIFY_HINT } from './bid-sheet-pdf.ts';

const TIME_ZONE = 'America/Chicago';

let context: TestContext;
let admin: SignedIn;
/** In seniority order: Morgan Hale (20 years), Casey Ortiz (10), Jamie Lee (5). */
let bidders: { id: string; auth: SignedIn }[];
let outsider: SignedIn;
let sessionId: string;
/** The first bidder's answer while the session still ran. */
let runningAnswer: { statusCode: number; body: string };

const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });

function bidder(index: number) {
  const found = bidders[index];
  if (!found) throw new Error(`no bidder ${index}`);
  return found;
}

const getSheet = (who: SignedIn, id = sessionId) =>
  injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${id}/results.pdf` });

/** The PDF's text, all pages, as a reader's "copy all" would give it. */
async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, pages: totalPages };
}

beforeAll(async () => {
  context = await createTestContext(
    {},
    {
      delivery: {
        publicWebUrl: 'http://localhost:5000',
        departmentTimeZone: TIME_ZONE,
        email: undefined,
        sms: undefined,
      },
    },
  );
  // 15:00 UTC on 2 April 2026 is 10:00 in Chicago (CDT, UTC-5).
  context.clock.set(new Date('2026-04-02T15:00:00Z'));
  admin = await signIn(context, (await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' })).email);
  bidders = [];
  for (const [firstName, lastName, years] of [
    ['Morgan', 'Hale', 20],
    ['Casey', 'Ortiz', 10],
    ['Jamie', 'Lee', 5],
  ] as const) {
    const row = await createMember(context, {
      firstName,
      lastName,
      yearsOfService: years,
      employeeId: `E-${lastName}`,
    });
    bidders.push({ id: row.id, auth: await signIn(context, row.email) });
  }
  outsider = await signIn(context, (await createMember(context, { firstName: 'Out', lastName: 'Sider' })).email);
  const north = await createStationWithSeats(
    context.db,
    { A: { Firefighter: 2 }, B: { Captain: 1 } },
    { number: 3, name: 'North Side', address: '3 Elm St' },
  );
  const south = await createStationWithSeats(
    context.db,
    { C: { Firefighter: 1 } },
    { number: 5, name: 'South Side', address: '5 Oak St' },
  );
  sessionId = await startSession(context, admin, {
    participantIds: bidders.map((member) => member.id),
    stationIds: [north.station.id, south.station.id],
    name: 'Spring Bid 2026',
  });
  const bid = (who: SignedIn, station: string, shift: string, position: string, extra = {}) =>
    post(who, '/api/bid-sessions/submit-bid', {
      sessionId,
      bidData: { station, shift, position: position },
      ...extra,
    });
  const expectOk = (response: { statusCode: number; body: string }) =>
    expect(response.statusCode, response.body).toBe(200);
  // The most senior, Morgan Hale, is moved to the back: they bid last, but stay first by seniority.
  expectOk(await post(admin, `/api/bid-sessions/${sessionId}/move-to-back`));
  runningAnswer = await getSheet(bidder(0).auth);
  context.clock.advance(60_000);
  // A phone-in bid: the administrator bids for Casey Ortiz.
  expectOk(await bid(admin, south.station.id, 'C', 'Firefighter', { userId: bidder(1).id }));
  context.clock.advance(60_000);
  expectOk(await post(bidder(2).auth, '/api/bid-sessions/skip-turn', { sessionId }));
  context.clock.advance(60_000);
  expectOk(await bid(bidder(0).auth, north.station.id, 'A', 'Firefighter'));
});
afterAll(async () => context?.close());

describe('GET /api/bid-sessions/:id/results.pdf', () => {
  it('is a PDF with the session, the seats and their holders, the queue with outcomes and the record hashes', async () => {
    const response = await getSheet(admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="spring-bid-2026-bid-sheet.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(response.rawPayload);
    expect(pages).toBe(1);

    expect(text).toContain('Bid sheet: Spring Bid 2026');
    // The session's dates are calendar days, the same in any zone.
    expect(text).toContain('Year 2026. Dates Wed 1 Apr 2026 to Thu 30 Apr 2026.');
    // Times in the department's zone, with the zone named, as the results screen writes them: 10:00
    // AM in Chicago is 15:00 UTC.
    expect(text).toContain("All times are in the department's time zone, America/Chicago");
    expect(text).toContain('Bidding ran from Apr 2, 2026, 10:00 AM CDT to Apr 2, 2026, 10:03 AM CDT.');
    expect(text).toContain('3 participants, 3 turns completed.');

    // Each station's seats, by shift and position, with who holds them.
    expect(text).toContain('Station 3: North Side (3 Elm St)');
    expect(text).toMatch(/A\s+Firefighter\s+Morgan Hale/);
    expect(text).toMatch(/A\s+Firefighter\s+Open/);
    expect(text).toMatch(/B\s+Captain\s+Open/);
    expect(text).toContain('Station 5: South Side (5 Oak St)');
    expect(text).toMatch(/C\s+Firefighter\s+Casey Ortiz/);

    // The queue numbered by seniority, not by where it ended: Morgan Hale bid last (moved to the
    // back) and is still #1, listed first.
    expect(text).toMatch(
      /1\s+Morgan Hale\s+E-Hale\s+20\s+Own bid \*\s+Station 3, A, Firefighter\s+Apr 2, 2026, 10:03 AM CDT\s+2\s+Casey Ortiz/,
    );
    expect(text).toContain(MOVED_TO_BACK_NOTE);
    expect(text).toMatch(
      /2\s+Casey Ortiz\s+E-Ortiz\s+10\s+Phone-in bid\s+Station 5, C, Firefighter\s+Apr 2, 2026, 10:01 AM CDT/,
    );
    expect(text).toMatch(/3\s+Jamie Lee\s+E-Lee\s+5\s+Skipped/);

    // Why each seat went where it did: the results' reasons, of each member by name, times as above.
    expect(text).toContain('Why each seat went where it did');
    expect(text).toContain(
      '1. Morgan Hale: Moved to the back by Alex Admin at 10:00 AM CDT. Morgan Hale bid Station 3, A, Firefighter at 10:03 AM CDT.',
    );
    expect(text).toContain(
      '2. Casey Ortiz: Phone-in bid: Alex Admin bid Station 5, C, Firefighter for them at 10:01 AM CDT.',
    );
    expect(text).toContain('3. Jamie Lee: Jamie Lee skipped their turn at 10:02 AM CDT, holding no seat.');
    expect(text).not.toMatch(/\b(?:you|your)\b/i);

    // The footer ties the paper to the record: its chain head and the key that signs it.
    const record = (
      await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${sessionId}/record` })
    ).json<SessionRecordDocument>();
    const key = (await injectAs(context, admin, { method: 'GET', url: '/api/record-key' })).json<{
      fingerprint: string;
    }>();
    expect(record.chain.head).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toContain(`History chain head: ${record.chain.head}`);
    expect(text).toContain(`Record key fingerprint (Ed25519, SHA-256): ${key.fingerprint}`);
    // The record as of the session's end (10:03 AM CDT), whenever it is printed.
    expect(text).toMatch(/Session record SHA-256: [0-9a-f]{64} \(the record file, as of Apr 2, 2026, 10:03 AM CDT\)/);
    expect(text).toContain(VERIFY_HINT);
    expect(text).toContain('Page 1 of 1');
  });

  it('prints the SHA-256 of exactly the record file anyone downloads, at any time', async () => {
    const sheet = await getSheet(bidder(2).auth);
    // Later, and by someone else: a completed session has one record.
    context.clock.advance(60_000);
    const download = await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${sessionId}/record` });
    expect(download.statusCode, download.body).toBe(200);
    const fileSha256 = createHash('sha256').update(download.rawPayload).digest('hex');

    const { text } = await pdfText(sheet.rawPayload);
    expect(text).toContain(`Session record SHA-256: ${fileSha256} `);
    // Not the signature's digest (that is of the record's canonical form without its signature).
    const record = download.json<SessionRecordDocument>();
    expect(record.signature.digest).not.toBe(fileSha256);
    expect(text).not.toContain(record.signature.digest);
  });

  it('is for participants and administrators only, and not before the session has completed', async () => {
    expect(runningAnswer.statusCode).toBe(409);
    expect(JSON.parse(runningAnswer.body).error).toBe(BID_SHEET_MESSAGES.notCompleted);

    const participant = await getSheet(bidder(1).auth);
    expect(participant.statusCode).toBe(200);
    const stranger = await getSheet(outsider);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error).toBe(BID_MESSAGES.notParticipant);
    const anonymous = await context.app.inject({ method: 'GET', url: `/api/bid-sessions/${sessionId}/results.pdf` });
    expect(anonymous.statusCode).toBe(401);
    expect((await getSheet(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('keeps a long station on one page and continues a long queue under its header', async () => {
    const many = await Promise.all(
      Array.from({ length: 70 }, (_, index) =>
        createMember(context, { firstName: 'Crew', lastName: `No${index + 1}` }),
      ),
    );
    const big = await createStationWithSeats(context.db, { A: { Firefighter: 30 } }, { number: 9, name: 'Big House' });
    const id = await startSession(context, admin, {
      participantIds: many.map((member) => member.id),
      stationIds: [big.station.id],
      name: 'Long Bid',
    });
    await context.app.inject({ method: 'POST', url: `/api/bid-sessions/${id}/end`, headers: admin.headers });
    const response = await getSheet(admin, id);
    expect(response.statusCode, response.body).toBe(200);
    const { text, pages } = await pdfText(response.rawPayload);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Queue and outcomes (seniority order) (continued)');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });
});

describe('bidSheetFileName', () => {
  it('keeps letters, digits and dashes only', () => {
    expect(bidSheetFileName('Spring "Bid" 2026 / B-shift')).toBe('spring-bid-2026-b-shift-bid-sheet.pdf');
    expect(bidSheetFileName('***')).toBe('session-bid-sheet.pdf');
  });
});
