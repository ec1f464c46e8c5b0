/** Member imports as jobs: 202 with the job, its progress, its results, and who may read it. */
import { IMPORT_JOB_MESSAGES } from '@stationbid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs } from '../../db/schema/index.ts';
import { multipartFile, SPREADSHEET_CONTENT_TYPES } from '../../test/multipart.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';

const HEADER = 'firstName,lastName,email,employeeId,rank,position,yearsOfService';

/** `count` members, with a bad rank every 500 rows, a repeat of row 2's e-mail, and the holder's e-mail. */
function memberFile(count: number): string {
  const lines = [HEADER];
  for (let index = 1; index <= count; index++) {
    const rank = index % 500 === 0 ? 'Admiral' : 'Firefighter';
    lines.push(`First${index},Last${index},job${index}@test.example,JOB-${index},${rank},EMT,${index % 40}`);
  }
  lines.push(`Again,Twice,job1@test.example,JOB-AGAIN,Engineer,EMT,3`);
  lines.push(`Taken,Holder,holder@test.example,JOB-HOLDER,Engineer,EMT,3`);
  return lines.join('\n');
}

interface Department {
  context: TestContext;
  admin: SignedIn;
  member: SignedIn;
}

async function department(): Promise<Department> {
  const context = await createTestContext();
  const admin = await createAdmin(context);
  await createMember(context, { email: 'holder@test.example', employeeId: 'HOLDER-1' });
  const member = await createMember(context);
  return { context, admin: await signIn(context, admin.email), member: await signIn(context, member.email) };
}

function upload(place: Department, content: string, query = '') {
  const { payload, headers } = multipartFile('file', 'members.csv', content, SPREADSHEET_CONTENT_TYPES.csv);
  return injectAs(place.context, place.admin, {
    method: 'POST',
    url: `/api/admin/import-users${query}`,
    payload,
    headers,
  });
}

const readJob = (place: Department, id: string, who: SignedIn = place.admin) =>
  injectAs(place.context, who, { method: 'GET', url: `/api/admin/import-jobs/${id}` });

/** Reads the job until it has finished, keeping every rowsDone seen on the way. */
async function followJob(place: Department, id: string) {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 2000; attempt++) {
    const { job } = (await readJob(place, id)).json();
    seen.push(job.rowsDone);
    if (job.state !== 'running') return { job, seen };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the import job did not finish');
}

let jobPlace: Department;
let syncPlace: Department;

beforeAll(async () => {
  [jobPlace, syncPlace] = await Promise.all([department(), department()]);
});
afterAll(async () => {
  await Promise.all([jobPlace.context.close(), syncPlace.context.close()]);
});

describe('POST /api/admin/import-users as a job', () => {
  it('answers 202 at once for a large file, shows progress, and ends with the synchronous results', async () => {
    const file = memberFile(1200);
    const accepted = await upload(jobPlace, file);
    expect(accepted.statusCode).toBe(202);
    const { job } = accepted.json();
    expect(job).toMatchObject({ state: 'running', fileName: 'members.csv', rowsTotal: 1202, results: null });
    expect(accepted.headers.location).toBe(`/api/admin/import-jobs/${job.id}`);

    const { job: finished, seen } = await followJob(jobPlace, job.id);
    expect(finished).toMatchObject({ state: 'succeeded', rowsDone: 1202, rowsTotal: 1202, error: null });
    expect(finished.finishedAt).toEqual(expect.any(String));
    // Progress only goes forward, and was seen part-way at least once.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((rowsDone) => rowsDone > 0 && rowsDone < 1202)).toBe(true);

    // The same file answered synchronously on a department like it gives the same results.
    const synchronous = await upload(syncPlace, file, '?mode=sync');
    expect(synchronous.statusCode).toBe(200);
    expect(finished.results).toEqual(synchronous.json().results);
    expect(finished.message).toBe(synchronous.json().message);
    expect(finished.results).toMatchObject({ created: 1198, skipped: 4, total: 1202 });
    expect(finished.results.errors).toEqual([
      { row: 501, error: expect.stringContaining('Unknown rank "Admiral"') },
      { row: 1001, error: expect.stringContaining('Unknown rank "Admiral"') },
      { row: 1202, error: 'Skipped: email job1@test.example already belongs to row 2 of this file' },
      { row: 1203, error: 'Skipped: email holder@test.example already belongs to an existing user' },
    ]);
  }, 120_000);

  it('keeps the synchronous answer for a small file, and runs it as a job when asked', async () => {
    const small = [HEADER, 'Sam,Small,sam.small@test.example,SMALL-1,Captain,EMT,12'].join('\n');
    const synchronous = await upload(jobPlace, small);
    expect(synchronous.statusCode).toBe(200);
    expect(synchronous.json().results).toMatchObject({ created: 1, skipped: 0, total: 1 });

    const asJob = await upload(
      jobPlace,
      [HEADER, 'Sue,Small,sue.small@test.example,SMALL-2,,,'].join('\n'),
      '?mode=job',
    );
    expect(asJob.statusCode).toBe(202);
    const { job } = await followJob(jobPlace, asJob.json().job.id);
    expect(job).toMatchObject({ state: 'succeeded', results: { created: 1, skipped: 0, total: 1, errors: [] } });
  });

  it('refuses an unreadable file at once, before any job exists', async () => {
    const response = await upload(jobPlace, 'name,email\nA,a@test.example', '?mode=job');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The file is missing required columns: firstName, lastName, employeeId');
    const bad = await upload(jobPlace, HEADER, '?mode=later');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/mode must be auto, job or sync/);
  });
});

describe('GET /api/admin/import-jobs/:id', () => {
  it('is for administrators: a member gets 403, an unknown job 404', async () => {
    const accepted = await upload(
      jobPlace,
      [HEADER, 'Max,Mini,max.mini@test.example,MINI-1,,,'].join('\n'),
      '?mode=job',
    );
    const { id } = accepted.json().job;
    expect((await readJob(jobPlace, id, jobPlace.member)).statusCode).toBe(403);
    const unknown = await readJob(jobPlace, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(IMPORT_JOB_MESSAGES.jobNotFound);
    expect((await readJob(jobPlace, 'not-an-id')).statusCode).toBe(400);
    await followJob(jobPlace, id);
  });

  it('reports a job whose process stopped (its lease ran out) as failed, not running forever', async () => {
    const now = jobPlace.context.clock.now();
    const [abandoned] = await jobPlace.context.db
      .insert(importJobs)
      .values({
        kind: 'members',
        fileName: 'crashed.csv',
        rowsTotal: 20_000,
        rowsDone: 4_200,
        leaseExpiresAt: new Date(now.getTime() - 1000),
      })
      .returning();
    const { job } = (await readJob(jobPlace, abandoned!.id)).json();
    expect(job).toMatchObject({ state: 'failed', rowsDone: 4200, error: IMPORT_JOB_MESSAGES.serverStopped });
  });

  it('serves other requests quickly while a large import job runs', async () => {
    const accepted = await upload(jobPlace, memberFile(3000).replaceAll('job', 'big'));
    expect(accepted.statusCode).toBe(202);
    const { id } = accepted.json().job;
    const latencies: number[] = [];
    let state = 'running';
    while (state === 'running') {
      const started = performance.now();
      const health = await jobPlace.context.app.inject({ method: 'GET', url: '/api/health' });
      latencies.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      state = (await readJob(jobPlace, id)).json().job.state;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(state).toBe('succeeded');
    expect(latencies.length).toBeGreaterThan(5);
    // Generous for a shared 2-core machine: the import alone takes seconds.
    expect(Math.max(...latencies)).toBeLessThan(200);
  }, 120_000);
});
