/**
 * Upgrading a database that holds real data (issue 17): a database made by the first schema (the
 * oldest migration), with a department, a completed and an active session written in that schema's
 * own columns, is migrated by the app's real `migrate()` to the latest schema; the sessions, their
 * history, the seats won and held, the turn holder and the deadline then read back unchanged
 * through the API, and the turn clock carries the active session on from them. On PGlite always,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * It stays true as migrations are added: the first step applies only the journal's first entry,
 * through drizzle's own migrator (so `drizzle.__drizzle_migrations` is written exactly as drizzle
 * writes it), and the data is plain SQL against 0000_initial.sql, never the current drizzle schema.
 * A new migration that loses, rewrites or misreads old rows makes this test fail.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BidSessionDetail, Participant, SessionHistoryEntry } from '@stationbid/domain';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../modules/auth/passwords.ts';
import { withDatabaseName } from '../test/global-setup.ts';
import {
  createTestContextOn,
  injectAs,
  type SignedIn,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../test/test-app.ts';
import { type Database, type DatabaseHandle, MIGRATIONS_FOLDER, openPglite, openPostgres } from './client.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};
const firstMigration = journal.entries[0] as JournalEntry;

/**
 * A migrations folder with only the journal's first entry and its SQL, copied unchanged: drizzle's
 * migrator applies it and records its hash and `when`, so the app's `migrate()` later applies
 * exactly the entries after it, as on a database the first release created.
 */
function firstMigrationFolder(): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'stationbid-first-migration-'));
  mkdirSync(path.join(folder, 'meta'));
  writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: [firstMigration] }, null, 2),
  );
  copyFileSync(
    path.join(MIGRATIONS_FOLDER, `${firstMigration.tag}.sql`),
    path.join(folder, `${firstMigration.tag}.sql`),
  );
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------
// The department and its sessions, as rows of the first schema.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const ADMIN = {
  id: id(1),
  email: 'dana.chief@upgrade.example',
  firstName: 'Dana',
  lastName: 'Chief',
  employeeId: 'ADM-1',
};
const ANA = { id: id(2), email: 'ana.lopez@upgrade.example', firstName: 'Ana', lastName: 'Lopez', employeeId: 'E-100' };
const BEN = {
  id: id(3),
  email: 'ben.okafor@upgrade.example',
  firstName: 'Ben',
  lastName: 'Okafor',
  employeeId: 'E-200',
};
const CY = { id: id(4), email: 'cy.park@upgrade.example', firstName: 'Cy', lastName: 'Park', employeeId: 'E-300' };

const HARBOR = { id: id(11), number: 1, name: 'Harbor' };
const HILLSIDE = { id: id(12), number: 2, name: 'Hillside' };
const SEAT = {
  harborACaptain: { id: id(21), station: HARBOR, shift: 'A', position: 'Captain', ordinal: 1 },
  harborAFirefighter: { id: id(22), station: HARBOR, shift: 'A', position: 'Firefighter', ordinal: 1 },
  harborBFirefighter: { id: id(23), station: HARBOR, shift: 'B', position: 'Firefighter', ordinal: 1 },
  hillsideACaptain: { id: id(24), station: HILLSIDE, shift: 'A', position: 'Captain', ordinal: 1 },
  hillsideBFirefighter: { id: id(25), station: HILLSIDE, shift: 'B', position: 'Firefighter', ordinal: 1 },
} as const;
type SeatFixture = (typeof SEAT)[keyof typeof SEAT];

const COMPLETED = { id: id(31), name: 'Spring Bid 2025', year: 2025 };
const ACTIVE = { id: id(32), name: 'Spring Bid 2026', year: 2026 };
/** The test's "now": Ben's turn in the active session, 3 minutes before its deadline. */
const NOW = '2026-03-01T12:00:00.000Z';
const ACTIVE_DEADLINE = '2026-03-01T12:03:00.000Z';

interface ParticipantFixture {
  id: string;
  member: typeof ANA;
  rank: string;
  position: string;
  years: number;
  queue: number;
  outcome: string | null;
  seat: SeatFixture | null;
  turn: { start: string; end: string } | null;
  doneAt: string | null;
}

const COMPLETED_PARTICIPANTS: ParticipantFixture[] = [
  {
    id: id(41),
    member: ANA,
    rank: 'Captain',
    position: 'Officer',
    years: 22,
    queue: 0,
    outcome: 'bid',
    seat: SEAT.harborACaptain,
    doneAt: '2025-03-01T14:02:00.000Z',
    turn: { start: '2025-03-01T14:00:00.000Z', end: '2025-03-01T14:05:00.000Z' },
  },
  {
    id: id(42),
    member: BEN,
    rank: 'Firefighter',
    position: 'Paramedic',
    years: 9,
    queue: 1,
    outcome: 'auto_assigned',
    seat: SEAT.hillsideBFirefighter,
    doneAt: '2025-03-01T14:07:00.000Z',
    turn: { start: '2025-03-01T14:02:00.000Z', end: '2025-03-01T14:07:00.000Z' },
  },
  {
    id: id(43),
    member: CY,
    rank: 'Firefighter',
    position: 'Firefighter',
    years: 3,
    queue: 2,
    outcome: 'skipped',
    seat: null,
    doneAt: '2025-03-01T14:08:00.000Z',
    turn: { start: '2025-03-01T14:07:00.000Z', end: '2025-03-01T14:12:00.000Z' },
  },
];

const ACTIVE_PARTICIPANTS: ParticipantFixture[] = [
  {
    id: id(51),
    member: ANA,
    rank: 'Captain',
    position: 'Officer',
    years: 23,
    queue: 0,
    outcome: 'proxy_bid',
    seat: SEAT.hillsideACaptain,
    doneAt: '2026-03-01T11:58:00.000Z',
    turn: { start: '2026-03-01T11:50:00.000Z', end: '2026-03-01T11:55:00.000Z' },
  },
  {
    id: id(52),
    member: BEN,
    rank: 'Firefighter',
    position: 'Paramedic',
    years: 10,
    queue: 1,
    outcome: null,
    seat: null,
    doneAt: null,
    turn: { start: '2026-03-01T11:58:00.000Z', end: ACTIVE_DEADLINE },
  },
  {
    id: id(53),
    member: CY,
    rank: 'Firefighter',
    position: 'Firefighter',
    years: 4,
    queue: 2,
    outcome: null,
    seat: null,
    doneAt: null,
    turn: null,
  },
];

interface BidFixture {
  id: string;
  sessionId: string;
  participant: ParticipantFixture;
  kind: 'own' | 'proxy' | 'auto';
  placedBy: typeof ADMIN | null;
  at: string;
}
const BIDS: BidFixture[] = [
  {
    id: id(61),
    sessionId: COMPLETED.id,
    participant: COMPLETED_PARTICIPANTS[0]!,
    kind: 'own',
    placedBy: null,
    at: '2025-03-01T14:02:00.000Z',
  },
  {
    id: id(62),
    sessionId: COMPLETED.id,
    participant: COMPLETED_PARTICIPANTS[1]!,
    kind: 'auto',
    placedBy: null,
    at: '2025-03-01T14:07:00.000Z',
  },
  {
    id: id(63),
    sessionId: ACTIVE.id,
    participant: ACTIVE_PARTICIPANTS[0]!,
    kind: 'proxy',
    placedBy: ADMIN,
    at: '2026-03-01T11:58:00.000Z',
  },
];

interface HistoryFixture {
  sessionId: string;
  action: string;
  actor: typeof ADMIN | null;
  participant: ParticipantFixture | null;
  details: Record<string, unknown>;
  at: string;
  /** What the API's one line of text says. */
  text: string;
}
const HISTORY: HistoryFixture[] = [
  {
    sessionId: COMPLETED.id,
    action: 'session_started',
    actor: ADMIN,
    participant: null,
    details: { participantCount: 3 },
    at: '2025-03-01T14:00:00.000Z',
    text: 'Session started by Dana Chief with 3 participants',
  },
  {
    sessionId: COMPLETED.id,
    action: 'bid_submitted',
    actor: ANA,
    participant: COMPLETED_PARTICIPANTS[0]!,
    details: {},
    at: '2025-03-01T14:02:00.000Z',
    text: 'Bid by Ana Lopez: Harbor, shift A, Captain',
  },
  {
    sessionId: COMPLETED.id,
    action: 'auto_assigned',
    actor: null,
    participant: COMPLETED_PARTICIPANTS[1]!,
    details: { source: 'first_available' },
    at: '2025-03-01T14:07:00.000Z',
    text: 'Ben Okafor auto-assigned to the first available seat: Hillside, shift B, Firefighter',
  },
  {
    sessionId: COMPLETED.id,
    action: 'turn_skipped',
    actor: CY,
    participant: COMPLETED_PARTICIPANTS[2]!,
    details: {},
    at: '2025-03-01T14:08:00.000Z',
    text: 'Cy Park skipped their turn',
  },
  {
    sessionId: COMPLETED.id,
    action: 'session_completed',
    actor: null,
    participant: null,
    details: {},
    at: '2025-03-01T14:08:00.000Z',
    text: 'Session completed',
  },
  {
    sessionId: ACTIVE.id,
    action: 'session_started',
    actor: ADMIN,
    participant: null,
    details: { participantCount: 3 },
    at: '2026-03-01T11:50:00.000Z',
    text: 'Session started by Dana Chief with 3 participants',
  },
  {
    sessionId: ACTIVE.id,
    action: 'bid_submitted',
    actor: ADMIN,
    participant: ACTIVE_PARTICIPANTS[0]!,
    details: { proxy: true },
    at: '2026-03-01T11:58:00.000Z',
    text: 'Phone-in bid by Dana Chief for Ana Lopez: Hillside, shift A, Captain',
  },
];

const fullName = (member: typeof ANA) => `${member.firstName} ${member.lastName}`;

/**
 * `insert into "table" (columns) values (...), ...` with every value a parameter; a column a row
 * leaves out takes its default.
 */
function insertSql(table: string, rows: Record<string, unknown>[]): SQL {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const values = rows.map(
    (row) =>
      sql`(${sql.join(
        columns.map((column) => {
          const value = row[column];
          if (value === undefined) return sql`default`;
          return value !== null && typeof value === 'object' ? sql`${JSON.stringify(value)}::jsonb` : sql`${value}`;
        }),
        sql`, `,
      )})`,
  );
  return sql`insert into ${sql.identifier(table)} (${sql.raw(columns.map((column) => `"${column}"`).join(', '))}) values ${sql.join(values, sql`, `)}`;
}

/** The department as the first release stored it: plain SQL in 0000_initial.sql's columns. */
async function populateFirstSchema(db: Database): Promise<void> {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const statements: SQL[] = [
    insertSql(
      'stations',
      [HARBOR, HILLSIDE].map((station) => ({
        id: station.id,
        number: station.number,
        name: station.name,
        address: `${station.number} Shore Rd`,
        preferred_ranks: [],
      })),
    ),
    insertSql(
      'seats',
      Object.values(SEAT).map((seat) => ({
        id: seat.id,
        station_id: seat.station.id,
        shift: seat.shift,
        seat_position: seat.position,
        ordinal: seat.ordinal,
      })),
    ),
    insertSql('members', [
      {
        ...memberColumns(ADMIN, passwordHash),
        is_admin: true,
        rank: 'Battalion Chief',
        position: 'Officer',
        years_of_service: 25,
        current_seat_id: null,
      },
      // Seats held now: Ana's from the active session's bid, Ben's from the completed session.
      {
        ...memberColumns(ANA, passwordHash),
        rank: 'Captain',
        position: 'Officer',
        years_of_service: 23,
        current_seat_id: SEAT.hillsideACaptain.id,
      },
      {
        ...memberColumns(BEN, passwordHash),
        rank: 'Firefighter',
        position: 'Paramedic',
        years_of_service: 10,
        current_seat_id: SEAT.hillsideBFirefighter.id,
      },
      {
        ...memberColumns(CY, passwordHash),
        rank: 'Firefighter',
        position: 'Firefighter',
        years_of_service: 4,
        current_seat_id: null,
      },
    ]),
    insertSql('bid_sessions', [
      {
        id: COMPLETED.id,
        name: COMPLETED.name,
        description: 'Last year',
        year: COMPLETED.year,
        status: 'completed',
        bid_window_minutes: 5,
        auto_assign_timeout_minutes: 2,
        current_participant: 4,
        current_bid_end: null,
        actual_start: '2025-03-01T14:00:00.000Z',
        actual_end: '2025-03-01T14:08:00.000Z',
        start_date: '2025-04-01T00:00:00.000Z',
        end_date: '2025-04-30T00:00:00.000Z',
        created_by_id: ADMIN.id,
        tie_break_chain: ['yearsOfService', 'employeeId'],
        created_at: '2025-02-01T10:00:00.000Z',
        updated_at: '2025-03-01T14:08:00.000Z',
      },
      {
        id: ACTIVE.id,
        name: ACTIVE.name,
        description: 'This year',
        year: ACTIVE.year,
        status: 'active',
        bid_window_minutes: 5,
        auto_assign_timeout_minutes: 2,
        current_participant: 2,
        current_bid_end: ACTIVE_DEADLINE,
        actual_start: '2026-03-01T11:50:00.000Z',
        actual_end: null,
        eligibility_mode: 'any',
        start_date: '2026-04-01T00:00:00.000Z',
        end_date: '2026-04-30T00:00:00.000Z',
        created_by_id: ADMIN.id,
        tie_break_chain: ['yearsOfService', 'random'],
        random_seed: 'seed-2026',
        created_at: '2026-02-01T10:00:00.000Z',
        updated_at: '2026-03-01T11:58:00.000Z',
      },
    ]),
    insertSql('bid_session_stations', [
      { session_id: ACTIVE.id, station_id: HARBOR.id },
      { session_id: ACTIVE.id, station_id: HILLSIDE.id },
    ]),
    insertSql('participants', [
      ...COMPLETED_PARTICIPANTS.map((participant) => participantColumns(COMPLETED.id, participant)),
      ...ACTIVE_PARTICIPANTS.map((participant) => participantColumns(ACTIVE.id, participant)),
    ]),
    insertSql(
      'bids',
      BIDS.map((bid) => {
        const seat = bid.participant.seat as SeatFixture;
        return {
          id: bid.id,
          session_id: bid.sessionId,
          participant_id: bid.participant.id,
          member_id: bid.participant.member.id,
          seat_id: seat.id,
          station_id: seat.station.id,
          station_name: seat.station.name,
          station_number: seat.station.number,
          shift: seat.shift,
          seat_position: seat.position,
          kind: bid.kind,
          created_at: bid.at,
          placed_by_id: bid.placedBy?.id ?? null,
          placed_by_name: bid.placedBy ? fullName(bid.placedBy) : null,
        };
      }),
    ),
    insertSql(
      'session_history',
      HISTORY.map((entry) => {
        const seat =
          entry.action === 'bid_submitted' || entry.action === 'auto_assigned' ? entry.participant?.seat : null;
        return {
          session_id: entry.sessionId,
          action: entry.action,
          actor_id: entry.actor?.id ?? null,
          actor_name: entry.actor ? fullName(entry.actor) : 'system',
          participant_id: entry.participant?.id ?? null,
          user_name: entry.participant ? fullName(entry.participant.member) : null,
          station_name: seat?.station.name ?? null,
          station_number: seat?.station.number ?? null,
          shift: seat?.shift ?? null,
          seat_position: seat?.position ?? null,
          bid_priority: entry.participant ? entry.participant.queue + 1 : null,
          details: entry.details,
          created_at: entry.at,
        };
      }),
    ),
  ];
  for (const statement of statements) await db.execute(statement);
}

function memberColumns(member: typeof ANA, passwordHash: string) {
  return {
    id: member.id,
    email: member.email,
    password_hash: passwordHash,
    employee_id: member.employeeId,
    first_name: member.firstName,
    last_name: member.lastName,
    created_at: '2024-01-15T09:00:00.000Z',
  };
}

function participantColumns(sessionId: string, participant: ParticipantFixture) {
  const { member, seat } = participant;
  return {
    id: participant.id,
    session_id: sessionId,
    member_id: member.id,
    first_name: member.firstName,
    last_name: member.lastName,
    employee_id: member.employeeId,
    rank: participant.rank,
    position: participant.position,
    years_of_service: participant.years,
    seniority_score: participant.years * 10,
    bid_priority: participant.queue + 1,
    queue_position: participant.queue,
    turn_started_at: participant.turn?.start ?? null,
    turn_deadline: participant.turn?.end ?? null,
    outcome: participant.outcome,
    done_at: participant.doneAt,
    assigned_station_id: seat?.station.id ?? null,
    assigned_station_name: seat?.station.name ?? null,
    assigned_station_number: seat?.station.number ?? null,
    assigned_shift: seat?.shift ?? null,
    assigned_seat_position: seat?.position ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// What the API must answer after the upgrade.

const currentSeatOf: Record<string, SeatFixture | null> = {
  [ANA.id]: SEAT.hillsideACaptain,
  [BEN.id]: SEAT.hillsideBFirefighter,
  [CY.id]: null,
};
const stationSummary = (station: typeof HARBOR) => ({
  id: station.id,
  _id: station.id,
  name: station.name,
  number: station.number,
});

function expectedParticipant(participant: ParticipantFixture, isCurrentTurn: boolean) {
  const bid = BIDS.find((candidate) => candidate.participant === participant);
  const current = currentSeatOf[participant.member.id] ?? null;
  return expect.objectContaining({
    id: participant.id,
    user: expect.objectContaining({
      id: participant.member.id,
      firstName: participant.member.firstName,
      lastName: participant.member.lastName,
    }),
    position: participant.queue,
    bidPriority: participant.queue + 1,
    yearsOfService: participant.years,
    outcome: participant.outcome,
    hasBid: participant.seat !== null,
    assignedStation: participant.seat ? stationSummary(participant.seat.station) : null,
    assignedShift: participant.seat?.shift ?? null,
    assignedPosition: participant.seat?.position ?? null,
    currentStation: current ? stationSummary(current.station) : null,
    currentShift: current?.shift ?? null,
    currentPosition: current?.position ?? null,
    timeWindow: { start: participant.turn?.start ?? null, end: participant.turn?.end ?? null },
    isCurrentTurn,
    bidHistory: bid
      ? [
          {
            station: stationSummary(bid.participant.seat!.station),
            shift: bid.participant.seat!.shift,
            position: bid.participant.seat!.position,
            kind: bid.kind,
            timestamp: bid.at,
          },
        ]
      : [],
  } satisfies Partial<Record<keyof Participant, unknown>>);
}

function expectedHistory(sessionId: string) {
  return HISTORY.filter((entry) => entry.sessionId === sessionId).map((entry) =>
    expect.objectContaining({
      action: entry.action,
      actorName: entry.actor ? fullName(entry.actor) : 'system',
      userName: entry.participant ? fullName(entry.participant.member) : null,
      timestamp: entry.at,
      details: entry.text,
      detailsData: entry.details,
    } satisfies Partial<Record<keyof SessionHistoryEntry, unknown>>),
  );
}

// ---------------------------------------------------------------------------------------------

interface Backend {
  name: string;
  /** An empty database, and how to drop it. */
  open(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }>;
}

const databaseSource = inject('databaseSource');
const backends: Backend[] = [
  {
    name: 'PGlite',
    open: async () => {
      const handle = await openPglite({});
      return { handle, dispose: () => handle.close() };
    },
  },
];
if (databaseSource.kind === 'postgres') {
  const { serverUrl } = databaseSource;
  backends.push({
    name: 'PostgreSQL',
    open: async () => {
      const name = `stationbid_upgrade_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const handle = await openPostgres(withDatabaseName(serverUrl, name));
      return {
        handle,
        dispose: async () => {
          await handle.close();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    },
  });
}

describe.each(backends)('upgrading a $name database made by the first schema, with live data', (backend) => {
  let database: Awaited<ReturnType<Backend['open']>> | undefined;
  let context: TestContext | undefined;
  afterAll(async () => {
    // The context disposes of its database; before it exists, the database is dropped here.
    if (context) await context.close();
    else await database?.dispose();
  });

  it('migrates it to the latest schema, and the sessions, history, seats, turn and deadline read back unchanged', async () => {
    const opened = await backend.open();
    database = opened;
    const first = firstMigrationFolder();
    try {
      await opened.handle.migrate(first.folder);
    } finally {
      first.remove();
    }
    const applied = async () => {
      const result = await opened.handle.db.execute(
        sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
      );
      return (result as unknown as { rows: { created_at: string }[] }).rows.map((row) => Number(row.created_at));
    };
    // Only the first migration is in: a later one's column is not there yet.
    expect(await applied()).toEqual([firstMigration.when]);
    await expect(opened.handle.db.execute(sql`select version from bid_sessions`)).rejects.toThrow(/version/);

    await populateFirstSchema(opened.handle.db);
    await opened.handle.migrate();
    expect(await applied()).toEqual(journal.entries.map((entry) => entry.when));

    context = await createTestContextOn(opened);
    context.clock.set(NOW);
    const admin = await signIn(context, ADMIN.email);
    const read = async <T>(who: SignedIn, url: string): Promise<T> => {
      const response = await injectAs(context as TestContext, who, { method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json<T>();
    };

    // The completed session: status, times, every participant's outcome and seat, its history.
    const completed = (await read<{ session: BidSessionDetail }>(admin, `/api/bid-sessions/${COMPLETED.id}`)).session;
    expect(completed).toMatchObject({
      name: COMPLETED.name,
      year: COMPLETED.year,
      status: 'completed',
      currentParticipant: 4,
      currentBidEnd: null,
      actualStart: '2025-03-01T14:00:00.000Z',
      actualEnd: '2025-03-01T14:08:00.000Z',
      completedBids: 3,
      stationIds: [],
      currentTurn: null,
    });
    expect(completed.participants).toEqual(
      COMPLETED_PARTICIPANTS.map((participant) => expectedParticipant(participant, false)),
    );
    const completedHistory = await read<{ history: SessionHistoryEntry[] }>(
      admin,
      `/api/bid-sessions/history?sessionId=${COMPLETED.id}`,
    );
    expect(completedHistory.history).toEqual(expectedHistory(COMPLETED.id));

    // The active session: Ben holds the turn until the stored deadline, Cy is next.
    const active = (await read<{ session: BidSessionDetail }>(admin, `/api/bid-sessions/${ACTIVE.id}`)).session;
    expect(active).toMatchObject({
      name: ACTIVE.name,
      status: 'active',
      currentParticipant: 2,
      currentBidEnd: ACTIVE_DEADLINE,
      actualStart: '2026-03-01T11:50:00.000Z',
      completedBids: 1,
      eligibilityMode: 'any',
      tieBreakChain: ['yearsOfService', 'random'],
      randomSeed: 'seed-2026',
      currentTurn: expect.objectContaining({
        id: ACTIVE_PARTICIPANTS[1]?.id,
        timeWindow: { start: '2026-03-01T11:58:00.000Z', end: ACTIVE_DEADLINE },
      }),
      nextParticipant: expect.objectContaining({ id: ACTIVE_PARTICIPANTS[2]?.id }),
    });
    expect([...active.stationIds].sort()).toEqual([HARBOR.id, HILLSIDE.id].sort());
    expect(active.participants).toEqual(
      ACTIVE_PARTICIPANTS.map((participant, index) => expectedParticipant(participant, index === 1)),
    );
    // Seats held count as taken: Hillside's A Captain (Ana) and B Firefighter (Ben) are not free.
    const hillside = active.availableStations.find((station) => station.id === HILLSIDE.id);
    expect(hillside).toMatchObject({ available: 0, totalCapacity: 2 });
    expect(active.availableStations.find((station) => station.id === HARBOR.id)).toMatchObject({
      available: 3,
      totalCapacity: 3,
    });
    const activeHistory = await read<{ history: SessionHistoryEntry[] }>(
      admin,
      `/api/bid-sessions/history?sessionId=${ACTIVE.id}`,
    );
    expect(activeHistory.history).toEqual(expectedHistory(ACTIVE.id));

    // Ben, signed in, sees that it is his turn with the 3 minutes left before the stored deadline.
    const ben = await signIn(context, BEN.email);
    expect(await read(ben, '/api/users/bid-status')).toMatchObject({
      position: 1,
      isUserTurn: true,
      timeRemaining: 180,
      session: expect.objectContaining({ id: ACTIVE.id }),
    });
    // Ana's own bid history: both seats she won, newest first.
    const ana = await signIn(context, ANA.email);
    const anaBids = await read<{ bidHistory: unknown[] }>(ana, '/api/users/bid-history');
    expect(anaBids.bidHistory).toEqual([
      expect.objectContaining({
        id: id(63),
        station: { name: HILLSIDE.name, number: 2 },
        shift: 'A',
        position: 'Captain',
        kind: 'proxy',
        status: 'active',
        timestamp: '2026-03-01T11:58:00.000Z',
      }),
      expect.objectContaining({
        id: id(61),
        station: { name: HARBOR.name, number: 1 },
        shift: 'A',
        position: 'Captain',
        kind: 'own',
        status: 'completed',
        timestamp: '2025-03-01T14:02:00.000Z',
      }),
    ]);

    // The engine goes on from the upgraded rows: when Ben's stored deadline passes, the turn clock
    // moves him to the back and Cy's turn begins.
    context.clock.set(new Date(new Date(ACTIVE_DEADLINE).getTime() + 1000));
    await context.app.turnClock.tick();
    const after = (await read<{ session: BidSessionDetail }>(admin, `/api/bid-sessions/${ACTIVE.id}`)).session;
    expect(after.currentTurn?.id).toBe(ACTIVE_PARTICIPANTS[2]?.id);
    expect(after.participants.find((participant) => participant.id === ACTIVE_PARTICIPANTS[1]?.id)).toMatchObject({
      movedToBack: true,
      outcome: null,
    });
    // A PGlite cluster made from nothing, then migrated twice: seconds, and more on a busy CI machine.
  }, 120_000);
});
