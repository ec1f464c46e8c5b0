/**
 * The session record through the API: a session played with every kind of command (own bid,
 * phone-in bid, pause and resume, a turn run out with an auto-bid list, a move to the back, a skip,
 * a second chance run out), its record exported and checked by the real verifier CLI and by the
 * one-file verifier the server hands out, one byte changed and refused; one record per completed
 * session (the same bytes at every download) and per step of a running one; who may read the
 * record; the public key. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import { createHash, verify } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  BID_MESSAGES,
  checkRecordContent,
  recordDigestBytes,
  type SessionRecordDocument,
  type SessionResults,
} from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats, readHistory, startSession } from '../session-engine/test-sessions.ts';
import { RECORD_MESSAGES } from './session-record.service.ts';

const MINUTE = 60_000;
const VERIFY_BIN = fileURLToPath(new URL('../../../../../packages/verify/bin/stationbid-verify.mjs', import.meta.url));
const run = promisify(execFile);

let context: TestContext;
let admin: SignedIn;
/** In seniority order: 25, 20, 15, 10 and 5 years. */
let people: { id: string; auth: SignedIn }[];
let outsider: SignedIn;
let sessionId: string;
let stationOneId: string;
let stationTwoId: string;
let stationOneNumber: number;
let stationTwoNumber: number;
/** The participant m5's answer while the session still ran. */
let earlyAnswer: { statusCode: number; body: string };
/** The administrator's downloads while the session ran: one after the phone-in bid, two after the pause (a minute apart, no step between). */
let runningDownloads: { afterBid: Buffer; paused: Buffer[]; pausedAt: string };

const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });

function person(index: number) {
  const found = people[index];
  if (!found) throw new Error(`no person ${index}`);
  return found;
}

async function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  // The department's zone: the reasons write their times in it (the clock starts at 12:00 UTC, 06:00 CST).
  context = await createTestContext(
    {},
    {
      delivery: {
        publicWebUrl: 'http://localhost:5000',
        departmentTimeZone: 'America/Chicago',
        email: undefined,
        sms: undefined,
      },
    },
  );
  const adminRow = await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' });
  admin = await signIn(context, adminRow.email);
  people = [];
  for (const [index, years] of [25, 20, 15, 10, 5].entries()) {
    const row = await createMember(context, { firstName: 'Bidder', lastName: `No${index + 1}`, yearsOfService: years });
    people.push({ id: row.id, auth: await signIn(context, row.email) });
  }
  outsider = await signIn(context, (await createMember(context)).email);
  const one = await createStationWithSeats(context.db, { A: { Firefighter: 3 }, B: { Firefighter: 2 } });
  const two = await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
  stationOneId = one.station.id;
  stationTwoId = two.station.id;
  stationOneNumber = one.station.number;
  stationTwoNumber = two.station.number;
  // The third bidder's auto-bid list takes Station two, shift A, when their turn runs out.
  await context.db
    .update(members)
    .set({
      bidPreferences: {
        autoBid: true,
        seatChoices: [{ stationId: stationTwoId, shift: 'A', seatPosition: 'Firefighter' }],
      },
    })
    .where(eq(members.id, person(2).id));

  sessionId = await startSession(context, admin, {
    participantIds: people.map((member) => member.id),
    stationIds: [stationOneId, stationTwoId],
  });
  const bid = (who: SignedIn, shift: string, extra: Record<string, unknown> = {}) =>
    post(who, '/api/bid-sessions/submit-bid', {
      sessionId,
      bidData: { station: stationOneId, shift, position: 'Firefighter' },
      ...extra,
    });
  await expectOk(await bid(person(0).auth, 'A'));
  // A phone-in bid: the administrator bids for the second bidder.
  await expectOk(await bid(admin, 'B', { userId: person(1).id }));
  earlyAnswer = await injectAs(context, person(4).auth, {
    method: 'GET',
    url: `/api/bid-sessions/${sessionId}/record`,
  });
  const afterBid = await downloadRecord();
  await expectOk(await post(admin, `/api/bid-sessions/${sessionId}/pause`));
  const pausedAt = context.clock.now().toISOString();
  const paused = await downloadRecord();
  context.clock.advance(MINUTE);
  // A minute later, with no step between.
  runningDownloads = { afterBid, paused: [paused, await downloadRecord()], pausedAt };
  await expectOk(await post(admin, `/api/bid-sessions/${sessionId}/resume`));
  // The third bidder's turn runs out: their auto-bid list gives them Station two.
  context.clock.advance(6 * MINUTE);
  await context.app.turnClock.tick();
  // The fourth is moved to the back; the fifth passes; the fourth's second chance runs out.
  await expectOk(await post(admin, `/api/bid-sessions/${sessionId}/move-to-back`));
  await expectOk(await post(person(4).auth, '/api/bid-sessions/skip-turn', { sessionId }));
  context.clock.advance(3 * MINUTE);
  await context.app.turnClock.tick();
});
afterAll(async () => context?.close());

/** The record file's bytes as downloaded. */
async function downloadRecord(who: SignedIn = admin): Promise<Buffer> {
  const response = await injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${sessionId}/record` });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readRecord(who: SignedIn = admin): Promise<{ record: SessionRecordDocument; text: string }> {
  const response = await injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${sessionId}/record` });
  expect(response.statusCode, response.body).toBe(200);
  return { record: response.json(), text: response.body };
}

async function writeRecordFile(text: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'stationbid-record-')), 'record.json');
  await writeFile(file, text);
  return file;
}

/** Runs a verifier (`stationbid-verify` unless another file is named) as a person would, answering its exit code and output. */
async function runVerifier(args: string[], program = VERIFY_BIN): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [program, ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the hash-chained history', () => {
  it('chains every entry of the session from its settings, in order', async () => {
    const history = await readHistory(context.db, sessionId);
    expect(history.map((entry) => entry.sequence)).toEqual(history.map((_, index) => index + 1));
    for (const [index, entry] of history.entries()) {
      expect(entry.entryHash).toMatch(/^[0-9a-f]{64}$/);
      if (index > 0) expect(entry.previousHash).toBe(history[index - 1]?.entryHash);
    }
    const { record } = await readRecord();
    expect(history[0]?.previousHash).toBe(record.settingsHash);
    expect(record.chain).toEqual({ anchoredToSettings: true, length: history.length, head: history.at(-1)?.entryHash });
  });
});

describe('GET /api/bid-sessions/:id/record', () => {
  it('holds the settings, every command with its time and actor, the history and the final seats', async () => {
    const { record } = await readRecord();
    expect(record.session).toMatchObject({ id: sessionId, status: 'completed' });
    expect(record.settings?.state.participants.map((participant) => participant.yearsOfService)).toEqual([
      25, 20, 15, 10, 5,
    ]);
    expect(record.settings?.state.session.eligibilityMode).toBe('rank');
    expect(record.settings?.tieBreakChain).toEqual(['yearsOfService', 'employeeId']);
    expect(record.commands.map((command) => command.type)).toEqual([
      'start',
      'bid',
      'bid',
      'pause',
      'resume',
      'expire',
      'move_to_back',
      'skip',
      'expire',
    ]);
    const phoneIn = record.commands[2];
    expect(phoneIn).toMatchObject({ actor: { name: 'Alex Admin', isAdmin: true }, participantId: expect.any(String) });
    expect(record.commands[5]?.holderPreferences).toMatchObject({ autoBid: true });
    expect(record.assignments.map((assignment) => [assignment.outcome, assignment.seat?.shift ?? null])).toEqual([
      ['bid', 'A'],
      ['proxy_bid', 'B'],
      ['auto_assigned', 'A'],
      ['skipped', null],
      ['auto_assigned', 'A'],
    ]);
  });

  it('gives each participant the reason their history gives, as the results do, in the department’s zone', async () => {
    const { record } = await readRecord();
    const expected = [
      `You bid Station ${stationOneNumber}, A, Firefighter at 06:00 CST.`,
      `Phone-in bid: Alex Admin bid Station ${stationOneNumber}, B, Firefighter for you at 06:00 CST.`,
      `Your turn expired at 06:07 CST. Your ranked list gave Station ${stationTwoNumber}, A, Firefighter.`,
      'You skipped your turn at 06:07 CST, holding no seat.',
      `Moved to the back by Alex Admin at 06:07 CST; auto-assigned at 06:10 CST to the first free eligible seat (Station ${stationOneNumber}, A, Firefighter).`,
    ];
    expect(record.timeZone).toBe('America/Chicago');
    expect(record.assignments.map((assignment) => assignment.reason)).toEqual(expected);

    // The results call gives the same reasons, told of each member by name (on the results' 12-hour
    // clock), but a reader's own, which still speaks to them.
    const aboutEach = [
      `Bidder No1 bid Station ${stationOneNumber}, A, Firefighter at 6:00 AM CST.`,
      `Phone-in bid: Alex Admin bid Station ${stationOneNumber}, B, Firefighter for them at 6:00 AM CST.`,
      `Bidder No3's turn expired at 6:07 AM CST. Bidder No3's ranked list gave Station ${stationTwoNumber}, A, Firefighter.`,
      'Bidder No5 skipped their turn at 6:07 AM CST, holding no seat.',
      `Moved to the back by Alex Admin at 6:07 AM CST; auto-assigned at 6:10 AM CST to the first free eligible seat (Station ${stationOneNumber}, A, Firefighter).`,
    ];
    const readBySkipper = aboutEach.with(3, 'You skipped your turn at 6:07 AM CST, holding no seat.');
    for (const [who, reasons] of [
      [admin, aboutEach],
      [person(4).auth, readBySkipper],
    ] as const) {
      const answer = await injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${sessionId}/results` });
      expect(answer.statusCode, answer.body).toBe(200);
      const results: SessionResults = answer.json<{ results: SessionResults }>().results;
      const byParticipant = new Map(results.participants.map((participant) => [participant.id, participant.reason]));
      expect(record.assignments.map((assignment) => byParticipant.get(assignment.participantId))).toEqual(reasons);
    }
  });

  it('is signed with the key GET /api/record-key shows, over the SHA-256 of its canonical form', async () => {
    const { record } = await readRecord();
    // No sign-in needed: the key is what anyone holding a record checks it against.
    const keyAnswer = await context.app.inject({ method: 'GET', url: '/api/record-key' });
    expect(keyAnswer.statusCode).toBe(200);
    const key = keyAnswer.json();
    expect(key).toMatchObject({ algorithm: 'Ed25519', fingerprint: record.signature.keyFingerprint });
    expect(key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const { signature, ...unsigned } = record;
    expect(verify(null, recordDigestBytes(unsigned), key.publicKeyPem, Buffer.from(signature.value, 'base64'))).toBe(
      true,
    );
    expect(checkRecordContent(record)).toMatchObject({ ok: true, awardsReproduced: 4, commands: 9, reasonsRebuilt: 5 });
  });

  it('verifies with `stationbid-verify`, and one changed byte does not', async () => {
    const { text, record } = await readRecord();
    const verified = await runVerifier([await writeRecordFile(text), '--key', record.signature.keyFingerprint]);
    expect(verified.stdout).toMatch(/^verified: 4 awards reproduced\n/);
    expect(verified.stdout).toContain(
      '5 reasons ("why this seat") rebuilt from the history, in America/Chicago, and found as recorded',
    );
    expect(verified.code).toBe(0);

    // The phone-in bid's administrator becomes someone else: one byte of the history.
    const at = text.indexOf('"actorName":"Alex Admin","at"');
    expect(at).toBeGreaterThan(0);
    const changed = `${text.slice(0, at + 13)}B${text.slice(at + 14)}`;
    const refused = await runVerifier([await writeRecordFile(changed)]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /^NOT verified \(first failing entry: \d+\): entry \d+ \(.*\) hashes to [0-9a-f]{64}, but it says/,
    );
  });

  it('is one file for a completed session: the same bytes at every download, dated at its completion', async () => {
    const first = await downloadRecord();
    // Later (within the tokens' lifetime): the moment of the download does not show.
    context.clock.advance(MINUTE);
    const again = await downloadRecord();
    const participants = await downloadRecord(person(3).auth);
    expect(again.equals(first)).toBe(true);
    expect(participants.equals(first)).toBe(true);
    expect(sha256Of(again)).toBe(sha256Of(first));

    const record = JSON.parse(first.toString('utf8')) as SessionRecordDocument;
    expect(record.session.status).toBe('completed');
    expect(record.session.actualEnd).not.toBeNull();
    expect(record.generatedAt).toBe(record.session.actualEnd);
    expect(record.generatedAt).not.toBe(context.clock.now().toISOString());
  });

  it('stays the file first sent when what it was built from changes around it (the department’s time zone)', async () => {
    const first = await downloadRecord();
    const setZone = (timeZone: string) =>
      injectAs(context, admin, { method: 'PUT', url: '/api/admin/department-settings', payload: { timeZone } });
    expect((await setZone('America/New_York')).statusCode).toBe(200);
    try {
      const after = await downloadRecord();
      expect(after.equals(first)).toBe(true);
      // Its reasons keep the times they were read in when the bid sheet printed its SHA-256.
      expect((JSON.parse(after.toString('utf8')) as SessionRecordDocument).timeZone).toBe('America/Chicago');
    } finally {
      expect((await setZone('America/Chicago')).statusCode).toBe(200);
    }
  });

  it('is, while the session runs, as of its last step: the same until the next step, then another', async () => {
    const [first, second] = runningDownloads.paused;
    if (!first || !second) throw new Error('no downloads while the session was paused');
    expect(second.equals(first)).toBe(true);
    const paused = JSON.parse(first.toString('utf8')) as SessionRecordDocument;
    expect(paused.session.status).toBe('paused');
    // The pause was the last step: the minute that passed after it does not show.
    expect(paused.generatedAt).toBe(runningDownloads.pausedAt);
    expect(paused.generatedAt).toBe(paused.history.at(-1)?.at);

    // Before the pause, the record was another: as of the phone-in bid.
    expect(runningDownloads.afterBid.equals(first)).toBe(false);
    const active = JSON.parse(runningDownloads.afterBid.toString('utf8')) as SessionRecordDocument;
    expect(active.session.status).toBe('active');
    expect(active.generatedAt).toBe(active.history.at(-1)?.at);
    expect(active.history.length).toBeLessThan(paused.history.length);
  });

  it('is for participants only once the session has completed, and never for others', async () => {
    expect(earlyAnswer.statusCode).toBe(409);
    expect(JSON.parse(earlyAnswer.body).error).toBe(RECORD_MESSAGES.notCompleted);
    expect((await readRecord(person(4).auth)).record.session.id).toBe(sessionId);

    const stranger = await injectAs(context, outsider, { method: 'GET', url: `/api/bid-sessions/${sessionId}/record` });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error).toBe(BID_MESSAGES.notParticipant);
    const unknown = await injectAs(context, admin, {
      method: 'GET',
      url: '/api/bid-sessions/00000000-0000-4000-8000-000000000000/record',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/verifier.mjs', () => {
  it('hands anyone the one-file verifier, cacheable, named by its SHA-256; an unchanged copy is 304', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/verifier.mjs' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const sha256 = sha256Of(response.rawPayload);
    expect(response.headers['x-content-sha256']).toBe(sha256);
    expect(response.headers.etag).toBe(`"${sha256}"`);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body.startsWith('#!/usr/bin/env node\n// StationBid session-record verifier')).toBe(true);

    const again = await context.app.inject({
      method: 'GET',
      url: '/api/verifier.mjs',
      headers: { 'if-none-match': `"${sha256}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(`"${sha256}"`);
  });

  it('checks a downloaded record with plain node: verified against the key, loudly unkeyed without one, refused when changed', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'stationbid-verifier-'));
    const verifier = path.join(folder, 'verify.mjs');
    await writeFile(verifier, (await context.app.inject({ method: 'GET', url: '/api/verifier.mjs' })).rawPayload);
    const key = (await context.app.inject({ method: 'GET', url: '/api/record-key' })).json<{
      fingerprint: string;
      publicKeyPem: string;
    }>();
    const keyFile = path.join(folder, 'record-key.pem');
    await writeFile(keyFile, key.publicKeyPem);
    const bytes = await downloadRecord(person(1).auth);
    const recordFile = path.join(folder, 'record.json');
    await writeFile(recordFile, bytes);

    const byFingerprint = await runVerifier([recordFile, '--fingerprint', key.fingerprint], verifier);
    expect(byFingerprint.code).toBe(0);
    expect(byFingerprint.stdout).toMatch(/^verified: 4 awards reproduced\n/);
    expect(byFingerprint.stdout).toContain(`signed with Ed25519 key ${key.fingerprint} (the key you asked for)`);
    expect((await runVerifier([recordFile, '--key', keyFile], verifier)).code).toBe(0);

    const unkeyed = await runVerifier([recordFile], verifier);
    expect(unkeyed.code).toBe(2);
    expect(unkeyed.stdout).toMatch(/^checked against itself only: 4 awards reproduced/);
    expect(unkeyed.stdout).toContain('!!! WARNING: no key was given, so this record was checked only against itself.');

    const text = bytes.toString('utf8');
    const at = text.indexOf('"actorName":"Alex Admin","at"');
    const changed = `${text.slice(0, at + 13)}B${text.slice(at + 14)}`;
    const refused = await runVerifier([await writeRecordFile(changed), '--fingerprint', key.fingerprint], verifier);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^NOT verified \(first failing entry: \d+\)/);
  });
});
