/**
 * bench/roster-sync: PUT /api/admin/roster at department scale, as an HR system's nightly call.
 *
 * Builds a department of 20,000 members (by default), then sends its roster as JSON, as a job
 * (followed to the end, as the HR script would), measuring the time to done, the longest
 * event-loop stall and GET /api/health probed every 50 ms while it runs:
 * - the first sync of the day: 2% of members promoted, 1% left (deactivated), 1% new;
 * - the same roster again: nothing to change (what most nightly calls are);
 * - its dry run, answered synchronously.
 * The baseline, in the same run on the same database: the member import (POST
 * /api/admin/import-users as a job) of the same rows as a CSV file, which is the way a department
 * kept StationBid in step before roster sync. Each figure is given with its ratio to it.
 *
 *   node --import tsx bench/roster-sync.ts                          # PGlite in a temporary directory
 *   node --import tsx bench/roster-sync.ts --members 5000
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node --import tsx bench/roster-sync.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { inArray, like } from 'drizzle-orm';
import { members } from '../apps/server/src/db/schema/index.ts';
import {
  BENCH_ADMIN_EMAIL,
  benchAdminRow,
  buildBenchApp,
  format,
  measureWhileProbing,
  openBenchDatabase,
  reportWhileProbing,
  signInMembers,
} from './support.ts';

const { values: options } = parseArgs({ options: { members: { type: 'string', default: '20000' } } });
const memberCount = Number(options.members);

const database = await openBenchDatabase('stationbid-bench-roster-');
const { app, accessTokenFor } = await buildBenchApp(database);
await app.ready();
const db = database.handle.db;
const admin = { id: randomUUID(), familyId: randomUUID() };
await db.insert(members).values(benchAdminRow(admin.id, 'x'));
await signInMembers(db, [admin]);
const authorization = { authorization: `Bearer ${await accessTokenFor(admin)}` };

interface RosterRow {
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  rank: string;
  hireDate: string;
  listNumber?: number;
}
const department: RosterRow[] = Array.from({ length: memberCount - 1 }, (_, index) => ({
  employeeId: `E${String(index + 1).padStart(6, '0')}`,
  firstName: 'Member',
  lastName: `Number${index + 1}`,
  email: `member${index + 1}@bench.example`,
  rank: 'Firefighter',
  hireDate: `20${String(10 + (index % 15)).padStart(2, '0')}-0${1 + (index % 9)}-15`,
  listNumber: index + 1,
}));
for (let start = 0; start < department.length; start += 1000) {
  await db.insert(members).values(department.slice(start, start + 1000).map((row) => ({ ...row, passwordHash: 'x' })));
}
if (database.handle.kind === 'postgres') await db.execute('analyze members');

// Today's roster: every 50th member promoted, every 100th gone, and 1% new hires.
const newHires = Math.round(memberCount / 100);
const roster: RosterRow[] = [
  {
    employeeId: 'ADMIN-1',
    firstName: 'Bench',
    lastName: 'Admin',
    email: BENCH_ADMIN_EMAIL,
    rank: 'Battalion Chief',
    hireDate: '2001-01-01',
  },
  ...department
    .filter((_, index) => index % 100 !== 99)
    .map((row, index) => (index % 50 === 0 ? { ...row, rank: 'Engineer' } : row)),
  ...Array.from({ length: newHires }, (_, index) => ({
    employeeId: `N${String(index + 1).padStart(6, '0')}`,
    firstName: 'New',
    lastName: `Hire${index + 1}`,
    email: `hire${index + 1}@bench.example`,
    rank: 'Firefighter',
    hireDate: '2026-11-02',
    listNumber: memberCount + index,
  })),
];
const body = JSON.stringify({ members: roster });
console.log(`bench/roster-sync on ${database.label}`);
console.log(
  `department: ${memberCount} members; roster: ${roster.length} members, ${(body.length / 1024 / 1024).toFixed(1)} MB of JSON`,
);

async function followJob(url: string, jobsUrl: string, payload: string | Buffer, headers: Record<string, string>) {
  const started = performance.now();
  const response = await app.inject({
    method: url.startsWith('/api/admin/roster') ? 'PUT' : 'POST',
    url,
    payload,
    headers,
  });
  const answerMs = performance.now() - started;
  if (response.statusCode !== 202) return `HTTP ${response.statusCode}: ${response.body.slice(0, 300)}`;
  const { job } = response.json() as { job: { id: string; state: string } };
  let read = { state: job.state, message: '', error: '' };
  while (read.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await app.inject({ method: 'GET', url: `${jobsUrl}/${job.id}`, headers: authorization });
    read = (answer.json() as { job: { state: string; message: string; error: string } }).job;
  }
  return `202 in ${format(answerMs)} ms, ${read.state}: ${read.message ?? read.error}`;
}

function csvOf(rows: readonly RosterRow[]): Buffer {
  const lines = ['employeeId,firstName,lastName,email,rank,hireDate,listNumber'];
  for (const row of rows) {
    lines.push(
      `${row.employeeId},${row.firstName},${row.lastName},${row.email},${row.rank},${row.hireDate},${row.listNumber ?? ''}`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

function multipart(content: Buffer) {
  const boundary = `----bench-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...authorization, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const json = { ...authorization, 'content-type': 'application/json' };
const figures: [string, Awaited<ReturnType<typeof measureWhileProbing>>][] = [];
async function step(label: string, work: () => Promise<string>) {
  const result = await measureWhileProbing(app, work);
  reportWhileProbing(label, result);
  figures.push([label, result]);
}

console.log('the same day twice: first the baseline import, then roster syncs (each on the state the last left)');
// The baseline: the member import of the same rows (it creates and updates; it cannot deactivate).
const upload = multipart(csvOf(roster));
await step('import, as a job', () =>
  followJob('/api/admin/import-users?mode=job', '/api/admin/import-jobs', upload.payload, upload.headers),
);
// Put the department back as it was before the day's changes, so the roster has them to make.
await db.delete(members).where(like(members.employeeId, 'N%'));
for (let start = 0; start < department.length; start += 1000) {
  await db
    .update(members)
    .set({ rank: 'Firefighter', isActive: true })
    .where(
      inArray(
        members.employeeId,
        department.slice(start, start + 1000).map((row) => row.employeeId),
      ),
    );
}
await step('roster dry run', async () => {
  const response = await app.inject({ method: 'PUT', url: '/api/admin/roster?dryRun=1', payload: body, headers: json });
  const answer = response.json() as { message?: string; results?: { errors: unknown[] } };
  return `HTTP ${response.statusCode}: ${answer.message} ${JSON.stringify(answer.results?.errors.slice(0, 3) ?? [])}`;
});
await step('roster sync, as a job', () =>
  followJob('/api/admin/roster?mode=job', '/api/admin/roster/jobs', body, json),
);
await step('same roster again', () => followJob('/api/admin/roster?mode=job', '/api/admin/roster/jobs', body, json));

const baseline = figures[0]?.[1].elapsed ?? 1;
console.log('ratio of time to done to the baseline import of the same rows');
for (const [label, result] of figures) console.log(`  ${label.padEnd(24)} ${(result.elapsed / baseline).toFixed(2)}x`);

await app.close();
await database.dispose();
