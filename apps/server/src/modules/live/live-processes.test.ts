/**
 * Two real server processes on one PostgreSQL database, as a bigger installation runs them: a bid
 * made through one reaches a watcher of the other with the session's new version, and the watcher's
 * board, patched from the event alone, is the board the other process then serves. PostgreSQL only
 * (PGlite belongs to one process); run with TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  applySessionChange,
  authResponseSchema,
  type LiveEvent,
  liveTicketResponseSchema,
  type SessionBoard,
  sessionBoardResponseSchema,
} from '@stationbid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabaseName } from '../../test/global-setup.ts';
import { type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';

const isPostgres = inject('databaseSource').kind === 'postgres';
const SHARED_SECRET = 'two-process-test-secret-long-enough-for-hs256-signing';

let context: TestContext;
let adminEmail: string;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!isPostgres) return;
  context = await createTestContext();
  // An administrator first: a server refuses to start on a database without one.
  adminEmail = (await createAdmin(context)).email;
  const source = inject('databaseSource');
  const result = await context.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  if (source.kind !== 'postgres' || !row) throw new Error('no PostgreSQL test database');
  const databaseUrl = withDatabaseName(source.serverUrl, row.name);
  for (let index = 0; index < 2; index++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-two-processes-'));
    dataDirs.push(dataDir);
    servers.push(
      await startServerProcess({
        env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_DATA: '0', JWT_SECRET: SHARED_SECRET },
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  await context?.close();
});

async function signInOver(server: ServerProcess, email: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return authResponseSchema.parse(await response.json()).token;
}

async function readBoardOver(server: ServerProcess, token: string, sessionId: string): Promise<SessionBoard> {
  const response = await fetch(`${server.baseUrl}/api/bid-sessions/${sessionId}/board`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return sessionBoardResponseSchema.parse(await response.json()).board;
}

describe.skipIf(!isPostgres)('two server processes', () => {
  it('carry a bid made through one to a watcher of the other, with the new version it patches to', async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error('two server processes');
    const bidderRow = await createMember(context, { yearsOfService: 20 });
    const watcherRow = await createMember(context, { yearsOfService: 10 });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
    // The processes read the real clock: the turn starts now, not at the test clock's time.
    context.clock.set(new Date());
    const admin = await signIn(context, adminEmail);
    const sessionId = await startSession(context, admin, {
      participantIds: [bidderRow.id, watcherRow.id],
      stationIds: [station.id],
    });
    const bidderToken = await signInOver(first, bidderRow.email);
    const watcherToken = await signInOver(second, watcherRow.email);
    const boardBefore = await readBoardOver(second, watcherToken, sessionId);

    const ticketResponse = await fetch(`${second.baseUrl}/api/live/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${watcherToken}` },
    });
    const { ticket } = liveTicketResponseSchema.parse(await ticketResponse.json());
    const abort = new AbortController();
    const stream = await fetch(
      `${second.baseUrl}/api/live/stream?${new URLSearchParams({ ticket, sessions: sessionId })}`,
      {
        signal: abort.signal,
      },
    );
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('a stream');
    try {
      await reader.read();
      const bid = await fetch(`${first.baseUrl}/api/bid-sessions/submit-bid`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bidderToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId, bidData: { station: station.id, shift: 'A', position: 'Firefighter' } }),
      });
      expect(bid.status).toBe(200);
      const decoder = new TextDecoder();
      let text = '';
      const giveUpAt = Date.now() + 5000;
      while (!text.includes('"bid_submitted"') && Date.now() < giveUpAt) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const event = text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice('data: '.length)) as LiveEvent)
        .find((candidate) => candidate.type === 'session.changed' && candidate.action === 'bid_submitted');
      if (event?.type !== 'session.changed') throw new Error(`no bid event reached the other process:\n${text}`);
      expect(event.version).toBe(boardBefore.version + 1);
      const patched = applySessionChange(boardBefore, event);
      if (patched.kind !== 'applied') throw new Error(`expected the event to apply, got ${patched.kind}`);
      expect(patched.board).toEqual(await readBoardOver(second, watcherToken, sessionId));
      expect(patched.board.turn?.memberId).toBe(watcherRow.id);
    } finally {
      abort.abort();
    }
  }, 60_000);
});
