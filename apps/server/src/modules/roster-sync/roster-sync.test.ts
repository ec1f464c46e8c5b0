/**
 * Roster sync over HTTP, as an HR script with an API token calls it: the diff it answers, what it
 * changes in one go, what it never touches, and that the same roster sent twice changes nothing.
 * Each test has a department of its own, since a roster speaks for every active member.
 */
import {
  apiTokenMissingScopeMessage,
  createApiTokenResponseSchema,
  IMPORT_JOB_MESSAGES,
  MESSAGES,
  ROSTER_MAX_BYTES,
  ROSTER_SYNC_MESSAGES,
  type RosterSyncResult,
  rosterSyncJobListResponseSchema,
  rosterSyncJobResponseSchema,
  rosterSyncResponseSchema,
} from '@stationbid/domain';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { activities, importJobs, members, outbox } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { ImportJobsService } from '../admin-users/import-jobs.service.ts';
import { MemberImportService } from '../admin-users/member-import.service.ts';
import { createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';
import { RosterSyncService } from './roster-sync.service.ts';

interface Department {
  context: TestContext;
  admin: SignedIn;
  adminRow: typeof members.$inferSelect;
  /** A token with roster:write. */
  secret: string;
}

const opened: TestContext[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function department(): Promise<Department> {
  const context = await createTestContext();
  opened.push(context);
  const adminRow = await createAdmin(context, { firstName: 'Dana', lastName: 'Chief', employeeId: 'ADMIN-1' });
  const admin = await signIn(context, adminRow.email);
  const secret = await newToken({ context, admin }, ['roster:write'], 'HR nightly');
  return { context, admin, adminRow, secret };
}

async function newToken(place: Pick<Department, 'context' | 'admin'>, scopes: string[], name = 'Other') {
  const response = await injectAs(place.context, place.admin, {
    method: 'POST',
    url: '/api/admin/api-tokens',
    payload: { name, scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return createApiTokenResponseSchema.parse(response.json()).secret;
}

function putRoster(
  place: Department,
  body: unknown,
  options: { query?: string; contentType?: string; secret?: string } = {},
) {
  const isText = typeof body === 'string';
  return place.context.app.inject({
    method: 'PUT',
    url: `/api/admin/roster${options.query ?? ''}`,
    headers: {
      authorization: `Bearer ${options.secret ?? place.secret}`,
      'content-type': options.contentType ?? (isText ? 'text/csv' : 'application/json'),
    },
    payload: isText ? body : JSON.stringify(body),
  });
}

async function sync(
  place: Department,
  body: unknown,
  query = '',
): Promise<{ results: RosterSyncResult; message: string }> {
  const response = await putRoster(place, body, { query });
  expect(response.statusCode, response.body).toBe(200);
  return rosterSyncResponseSchema.parse(response.json());
}

async function memberByEmployeeId(place: Department, employeeId: string) {
  const [row] = await place.context.db.select().from(members).where(eq(members.employeeId, employeeId));
  return row;
}

/** The department every test starts from, and the roster HR would send for it. */
async function rosterDepartment() {
  const place = await department();
  const { context } = place;
  const steady = await createMember(context, {
    firstName: 'Sam',
    lastName: 'Steady',
    email: 'sam@fd.example',
    employeeId: 'E-100',
    rank: 'Engineer',
  });
  const promoted = await createMember(context, {
    firstName: 'Pat',
    lastName: 'Promoted',
    email: 'pat@fd.example',
    employeeId: 'E-200',
    rank: 'Firefighter',
  });
  const returning = await createMember(context, {
    firstName: 'Rae',
    lastName: 'Returning',
    email: 'rae@fd.example',
    employeeId: 'E-300',
    isActive: false,
  });
  const retired = await createMember(context, {
    firstName: 'Lee',
    lastName: 'Retired',
    email: 'lee@fd.example',
    employeeId: 'E-400',
  });
  const typo = await createMember(context, {
    firstName: 'Ty',
    lastName: 'Typo',
    email: 'ty@fd.example',
    employeeId: 'E-500',
  });
  const roster = {
    members: [
      { employeeId: 'E-100', firstName: 'Sam', lastName: 'Steady', email: 'sam@fd.example', rank: 'Engineer' },
      {
        employeeId: 'E-200',
        firstName: 'Pat',
        lastName: 'Promoted',
        email: 'pat@fd.example',
        rank: 'Captain',
        rankDate: '2026-10-01',
        listNumber: 4,
        phone: '(555) 201-4477',
      },
      { employeeId: 'E-300', firstName: 'Rae', lastName: 'Returning', email: 'rae@fd.example' },
      {
        employeeId: 'E-600',
        firstName: 'Nia',
        lastName: 'New',
        email: 'nia@fd.example',
        rank: 'Firefighter',
        hireDate: '2026-11-02',
        certifications: [],
      },
      // A row with an error: the member stays as they are, and is not taken for someone who left.
      { employeeId: 'E-500', firstName: 'Ty', lastName: 'Typo', email: 'not-an-email' },
      { employeeId: 'ADMIN-1', firstName: 'Dana', lastName: 'Chief' },
    ],
  };
  return { place, steady, promoted, returning, retired, typo, roster };
}

describe('PUT /api/admin/roster', () => {
  it('creates, updates, reactivates and deactivates in one call, and reports the row errors as the import does', async () => {
    const { place, promoted, returning, retired, typo, roster } = await rosterDepartment();
    const { results, message } = await sync(place, roster);

    expect(results).toMatchObject({
      dryRun: false,
      total: 6,
      created: 1,
      updated: 2,
      unchanged: 2,
      reactivated: 1,
      deactivated: 1,
      deactivations: [{ employeeId: 'E-400', name: 'Lee Retired' }],
      keptActive: [],
      skipped: 1,
      emailsQueued: 1,
    });
    expect(results.errors).toEqual([{ row: 5, error: MESSAGES.emailInvalid }]);
    expect(results.changes).toEqual([
      {
        row: 2,
        kind: 'updated',
        name: 'Pat Promoted',
        employeeId: 'E-200',
        fields: [
          'phone: none -> (555) 201-4477',
          'rank: Firefighter -> Captain',
          'date in rank: none -> 2026-10-01',
          'list number: none -> 4',
        ],
      },
      { row: 3, kind: 'updated', name: 'Rae Returning', employeeId: 'E-300', fields: ['active: no -> yes'] },
      { row: 4, kind: 'new', name: 'Nia New', employeeId: 'E-600', fields: [] },
    ]);
    expect(message).toBe('Roster synced: 1 new member, 2 updated, 2 unchanged, 1 deactivated, 1 row with errors.');

    expect(await memberByEmployeeId(place, 'E-200')).toMatchObject({
      id: promoted.id,
      rank: 'Captain',
      rankDate: '2026-10-01',
      listNumber: 4,
      phone: '+15552014477',
    });
    expect(await memberByEmployeeId(place, 'E-300')).toMatchObject({ id: returning.id, isActive: true });
    expect(await memberByEmployeeId(place, 'E-400')).toMatchObject({ id: retired.id, isActive: false });
    expect(await memberByEmployeeId(place, 'E-500')).toMatchObject({
      id: typo.id,
      isActive: true,
      email: 'ty@fd.example',
    });
    const created = await memberByEmployeeId(place, 'E-600');
    expect(created).toMatchObject({ firstName: 'Nia', hireDate: '2026-11-02', isActive: true });
    // The new member is sent a password-setup e-mail, as an imported one is.
    const setup = await place.context.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, 'nia@fd.example')));
    expect(setup).toHaveLength(1);

    const [activity] = await place.context.db.select().from(activities).where(eq(activities.title, 'Roster synced'));
    expect(activity).toMatchObject({
      memberId: null,
      actorName: 'API token "HR nightly"',
      description:
        'API token "HR nightly" synced the roster (roster.json): 1 created, 2 updated, 1 deactivated, 1 skipped',
    });
  });

  it('changes nothing when the same roster is sent again', async () => {
    const { place, roster } = await rosterDepartment();
    await sync(place, roster);
    const before = await place.context.db.select().from(members).orderBy(members.employeeId);
    const activitiesBefore = await place.context.db.select().from(activities);

    const { results, message } = await sync(place, roster);

    expect(results).toMatchObject({ created: 0, updated: 0, unchanged: 5, deactivated: 0, reactivated: 0, skipped: 1 });
    expect(results.changes).toEqual([]);
    expect(message).toBe('Roster synced: 0 new members, 0 updated, 5 unchanged, 0 deactivated, 1 row with errors.');
    expect(await place.context.db.select().from(members).orderBy(members.employeeId)).toEqual(before);
    expect(await place.context.db.select().from(activities)).toEqual(activitiesBefore);
  });

  it('answers the diff with dryRun=1 and changes nothing', async () => {
    const { place, roster } = await rosterDepartment();
    const before = await place.context.db.select().from(members).orderBy(members.employeeId);

    const { results, message } = await sync(place, roster, '?dryRun=1');

    expect(results).toMatchObject({ dryRun: true, created: 1, updated: 2, deactivated: 1, reactivated: 1 });
    expect(results.deactivations).toEqual([{ employeeId: 'E-400', name: 'Lee Retired' }]);
    expect(message).toBe(
      'Preview: 1 new member, 2 updated, 2 unchanged, 1 deactivated, 1 row with errors. Nothing is changed yet.',
    );
    expect(await place.context.db.select().from(members).orderBy(members.employeeId)).toEqual(before);
    expect(await place.context.db.select().from(outbox)).toEqual([]);
  });

  it('keeps administrators and members of a running session active, and says why', async () => {
    const place = await department();
    const bidding = await createMember(place.context, { firstName: 'Bo', lastName: 'Bidding', employeeId: 'E-700' });
    const { station } = await createStationWithSeats(place.context.db, { A: { Firefighter: 2 } });
    await startSession(place.context, place.admin, {
      name: 'Winter Bid 2027',
      participantIds: [bidding.id],
      stationIds: [station.id],
    });
    const other = await createAdmin(place.context, { firstName: 'Ann', lastName: 'Other', employeeId: 'ADMIN-2' });

    const { results } = await sync(place, { members: [{ employeeId: 'ADMIN-1' }] });

    expect(results.deactivated).toBe(0);
    expect(results.keptActive).toEqual([
      { employeeId: 'ADMIN-2', name: 'Ann Other', reason: ROSTER_SYNC_MESSAGES.keptAdministrator },
      { employeeId: 'E-700', name: 'Bo Bidding', reason: ROSTER_SYNC_MESSAGES.keptInRunningSession('Winter Bid 2027') },
    ]);
    expect(await memberByEmployeeId(place, 'E-700')).toMatchObject({ isActive: true });
    expect(await memberByEmployeeId(place, other.employeeId)).toMatchObject({ isActive: true });
  });

  it('refuses a roster that would deactivate most of the department, unless told it is right', async () => {
    const place = await department();
    for (let index = 1; index <= 12; index++) await createMember(place.context, { employeeId: `LEFT-${index}` });
    const halfWritten = { members: [{ employeeId: 'ADMIN-1' }] };

    const preview = await sync(place, halfWritten, '?dryRun=1');
    expect(preview.message).toContain(ROSTER_SYNC_MESSAGES.massDeactivation(12, 13, 10));

    const refused = await putRoster(place, halfWritten);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ROSTER_SYNC_MESSAGES.massDeactivation(12, 13, 10));
    const stillActive = await place.context.db.select().from(members).where(eq(members.isActive, true));
    expect(stillActive).toHaveLength(13);

    const { results } = await sync(place, halfWritten, '?allowMassDeactivation=1');
    expect(results.deactivated).toBe(12);
  });

  it('reads a CSV roster with readable headers, and never reads seat columns', async () => {
    const place = await department();
    const { station } = await createStationWithSeats(place.context.db, { A: { Firefighter: 1 } });
    const csv = [
      'Employee ID,First Name,Last Name,E-mail,Rank,Station,Shift',
      `ADMIN-1,Dana,Chief,${(await memberByEmployeeId(place, 'ADMIN-1'))?.email},Battalion Chief,,`,
      `E-800,Cy,Csv,cy@fd.example,Engineer,${station.number},A`,
    ].join('\n');

    const { results } = await sync(place, csv);

    expect(results).toMatchObject({ created: 1, unchanged: 1, unknownColumns: ['Station', 'Shift'] });
    expect(await memberByEmployeeId(place, 'E-800')).toMatchObject({ rank: 'Engineer', currentSeatId: null });
  });

  it('refuses what is not a roster with a message to act on', async () => {
    const place = await department();
    const xml = await putRoster(place, '<roster/>', { contentType: 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toBe(ROSTER_SYNC_MESSAGES.bodyInvalid);
    const plain = await putRoster(place, 'hello', { contentType: 'text/plain' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error).toBe(ROSTER_SYNC_MESSAGES.bodyInvalid);

    const noMembers = await putRoster(place, { people: [] });
    expect(noMembers.statusCode).toBe(400);
    expect(noMembers.json().error).toBe(ROSTER_SYNC_MESSAGES.membersRequired);

    const huge = await putRoster(place, `employeeId\n${'E-1\n'.repeat(ROSTER_MAX_BYTES / 4 + 1)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: ROSTER_SYNC_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' });

    const list = await putRoster(place, [{ employeeId: 'E-1' }]);
    expect(list.statusCode).toBe(400);
    expect(list.json().error).toBe(ROSTER_SYNC_MESSAGES.bodyInvalid);

    const csvWithoutIds = await putRoster(place, 'First Name,Last Name\nAl,Bee');
    expect(csvWithoutIds.statusCode).toBe(400);
    expect(csvWithoutIds.json().error).toBe('The file is missing required columns: email, employeeId');

    const { results } = await sync(place, {
      members: [{ employeeId: 'ADMIN-1' }, 'E-2', { employeeId: 'E-3', rank: { name: 'Captain' } }],
    });
    expect(results.errors).toEqual([
      { row: 2, error: ROSTER_SYNC_MESSAGES.memberNotObject(2) },
      { row: 3, error: 'rank must be text or a number (certifications: a list of codes)' },
    ]);
  });

  it('is for tokens with roster:write and administrators only', async () => {
    const place = await department();
    const readOnly = await newToken(place, ['sessions:read']);
    const refused = await putRoster(place, { members: [] }, { secret: readOnly });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(apiTokenMissingScopeMessage('roster:write'));

    const memberRow = await createMember(place.context);
    const member = await signIn(place.context, memberRow.email);
    const asMember = await injectAs(place.context, member, {
      method: 'PUT',
      url: '/api/admin/roster',
      payload: { members: [] },
    });
    expect(asMember.statusCode).toBe(403);

    const asAdmin = await injectAs(place.context, place.admin, {
      method: 'PUT',
      url: '/api/admin/roster?dryRun=1',
      payload: { members: [{ employeeId: 'ADMIN-1' }, { employeeId: memberRow.employeeId }] },
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
  });

  it('runs as a job with progress on request, readable with the token', async () => {
    const { place, roster } = await rosterDepartment();
    const accepted = await putRoster(place, roster, { query: '?mode=job' });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const { job } = accepted.json<{ job: { id: string; rowsTotal: number } }>();
    expect(accepted.headers.location).toBe(`/api/admin/roster/jobs/${job.id}`);
    expect(job.rowsTotal).toBe(6);

    let finished: ReturnType<typeof rosterSyncJobResponseSchema.parse>['job'] | undefined;
    for (let attempt = 0; attempt < 500 && !finished; attempt++) {
      const read = await place.context.app.inject({
        method: 'GET',
        url: `/api/admin/roster/jobs/${job.id}`,
        headers: { authorization: `Bearer ${place.secret}` },
      });
      expect(read.statusCode, read.body).toBe(200);
      const current = rosterSyncJobResponseSchema.parse(read.json()).job;
      if (current.state !== 'running') finished = current;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(finished).toMatchObject({ state: 'succeeded', rowsDone: 6 });
    expect(finished?.results).toMatchObject({ created: 1, deactivated: 1, reactivated: 1 });
    expect(finished?.message).toBe(
      'Roster synced: 1 new member, 2 updated, 2 unchanged, 1 deactivated, 1 row with errors.',
    );

    // The latest syncs, as the Integrations page lists them, with who sent each.
    const list = await injectAs(place.context, place.admin, { method: 'GET', url: '/api/admin/roster/jobs?limit=5' });
    expect(list.statusCode, list.body).toBe(200);
    expect(rosterSyncJobListResponseSchema.parse(list.json()).jobs).toMatchObject([
      { id: job.id, state: 'succeeded', startedBy: 'API token "HR nightly"', fileName: 'roster.json' },
    ]);
    const tooMany = await injectAs(place.context, place.admin, {
      method: 'GET',
      url: '/api/admin/roster/jobs?limit=500',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('limit must be a whole number from 1 to 50');

    // A roster job is not a spreadsheet import's.
    const asImport = await injectAs(place.context, place.admin, {
      method: 'GET',
      url: `/api/admin/import-jobs/${job.id}`,
    });
    expect(asImport.statusCode).toBe(404);
    expect(asImport.json().error).toBe(IMPORT_JOB_MESSAGES.jobNotFound);
  });

  it('runs one roster at a time; a sync whose server stopped does not hold the place', async () => {
    const { place, roster } = await rosterDepartment();
    const now = place.context.clock.now();
    const [running] = await place.context.db
      .insert(importJobs)
      .values({
        kind: 'roster',
        fileName: 'roster.json',
        rowsTotal: 6,
        leaseExpiresAt: new Date(now.getTime() + 30_000),
      })
      .returning();
    const refused = await putRoster(place, roster);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ROSTER_SYNC_MESSAGES.alreadyRunning);
    expect(await memberByEmployeeId(place, 'E-600')).toBeUndefined();

    // Its process stopped: once the lease has passed, the next roster runs.
    await place.context.db
      .update(importJobs)
      .set({ leaseExpiresAt: new Date(now.getTime() - 1) })
      .where(eq(importJobs.id, running?.id ?? ''));
    await sync(place, roster);
    const [abandoned] = await place.context.db
      .select()
      .from(importJobs)
      .where(eq(importJobs.id, running?.id ?? ''));
    expect(abandoned).toMatchObject({ state: 'failed', error: ROSTER_SYNC_MESSAGES.serverStopped });
  });

  it('two rosters sent at once: one runs, the other is refused or runs after it; no member twice', async () => {
    const { place, roster } = await rosterDepartment();
    const answers = await Promise.all([putRoster(place, roster), putRoster(place, roster)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    for (const answer of answers) {
      if (answer.statusCode === 409) expect(answer.json().error).toBe(ROSTER_SYNC_MESSAGES.alreadyRunning);
    }
    const created = await place.context.db.select().from(members).where(eq(members.employeeId, 'E-600'));
    expect(created).toHaveLength(1);
    expect(await memberByEmployeeId(place, 'E-400')).toMatchObject({ isActive: false });
  });

  it('changes nothing when another request takes an e-mail between the check and the save', async () => {
    const { place, roster } = await rosterDepartment();
    const { context } = place;
    /** The member import's planning, then another request creating a member with the new hire's e-mail. */
    class RacedImport extends MemberImportService {
      override async planRows(...args: Parameters<MemberImportService['planRows']>) {
        const planned = await super.planRows(...args);
        await createMember(context, { email: 'nia@fd.example', employeeId: 'X-1' });
        return planned;
      }
    }
    const rosterSync = new RosterSyncService(
      context.db,
      context.clock,
      context.app.log,
      new RacedImport(context.db, context.clock, context.app.log),
      new ImportJobsService(context.db, context.clock, context.app.log),
    );
    const before = await context.db.select().from(members).where(eq(members.employeeId, 'E-200'));
    const sender = {
      memberId: place.adminRow.id,
      name: 'Dana Chief',
      audit: { actorId: null, actorRole: 'admin' as const },
    };

    await expect(
      rosterSync.sync(sender, await rosterSync.readRoster(roster), {
        dryRun: false,
        mode: 'sync',
        allowMassDeactivation: false,
      }),
    ).rejects.toThrow(ROSTER_SYNC_MESSAGES.raced);

    expect(await context.db.select().from(members).where(eq(members.employeeId, 'E-200'))).toEqual(before);
    expect(await memberByEmployeeId(place, 'E-400')).toMatchObject({ isActive: true });
    expect(await memberByEmployeeId(place, 'E-600')).toBeUndefined();
    const [job] = await context.db.select().from(importJobs).where(eq(importJobs.kind, 'roster'));
    expect(job).toMatchObject({ state: 'failed', error: ROSTER_SYNC_MESSAGES.raced });
  });
});
