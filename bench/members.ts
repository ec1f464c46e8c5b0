/**
 * bench/members: the administrators' member list and member imports at department scale.
 *
 * Builds a department of 20,000 members (by default), then measures through `app.inject`:
 * - GET /api/admin/users: the whole list (no paging parameters, what every client got before
 *   paging) against one page of 50, a page deep in the list (after following cursors) and a search;
 *   latency p50/p99 and answer size.
 * - POST /api/admin/import-users of 5,000 and 20,000 new members: the time until the import is
 *   done, the longest event-loop stall (perf_hooks' monitorEventLoopDelay) and the slowest
 *   GET /api/health answered while it ran (probed every 50 ms), synchronously (mode=sync, the
 *   only way before import jobs) and as a job (mode=job, followed to the end).
 *
 *   node --import tsx bench/members.ts                              # PGlite in a temporary directory
 *   node --import tsx bench/members.ts --members 5000               # a smaller department
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node --import tsx bench/members.ts
 *   node --import tsx bench/members.ts --app-root /tmp/before --skip-job   # another checkout's app ("before")
 *
 * With --app-root the app (routes, services) is that checkout's; the database is migrated by this
 * checkout's migrations, so it carries the same indexes. An app without paging answers every list
 * request with the whole list, and without jobs imports synchronously: the bench says so.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RANKS } from '@stationbid/domain';
import type { FastifyInstance } from 'fastify';
import { members } from '../apps/server/src/db/schema/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import {
  BENCH_ADMIN_EMAIL,
  format,
  measureWhileProbing,
  openBenchDatabase,
  percentile,
  reportWhileProbing,
  signInMembers,
} from './support.ts';

const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '20000' },
    imports: { type: 'string', default: '5000,20000' },
    'app-root': { type: 'string' },
    /** Requests per page figure; fewer for an app that answers every request with the whole list. */
    runs: { type: 'string', default: '50' },
    'skip-sync': { type: 'boolean', default: false },
    /** For an app without import jobs (it would import the file synchronously a second time). */
    'skip-job': { type: 'boolean', default: false },
  },
});
const memberCount = Number(options.members);
const runs = Number(options.runs);
const importSizes = options.imports.split(',').map(Number);
const appRoot = path.resolve(options['app-root'] ?? path.join(import.meta.dirname, '..'));

const database = await openBenchDatabase('stationbid-bench-members-');
const { buildApp } = (await import(
  path.join(appRoot, 'apps/server/src/app.ts')
)) as typeof import('../apps/server/src/app.ts');
const { AccessTokens } = (await import(
  path.join(appRoot, 'apps/server/src/modules/auth/tokens.ts')
)) as typeof import('../apps/server/src/modules/auth/tokens.ts');
const jwtSecret = randomBytes(32).toString('hex');
const app: FastifyInstance = await buildApp({
  db: database.handle.db,
  databaseKind: database.handle.kind,
  clock: systemClock,
  settings: { jwtSecret, allowSelfRegistration: false, corsOrigins: [], webDistDir: '/nonexistent', trustProxy: false },
  logger: { level: 'error' },
});
await app.ready();

const db = database.handle.db;
const admin = { id: randomUUID(), familyId: randomUUID() };
await db.insert(members).values({
  id: admin.id,
  email: BENCH_ADMIN_EMAIL,
  passwordHash: 'x',
  firstName: 'Bench',
  lastName: 'Admin',
  employeeId: 'ADMIN-1',
  isAdmin: true,
  rank: 'Battalion Chief',
});
await signInMembers(db, [admin]);
const token = await new AccessTokens(jwtSecret).sign({ memberId: admin.id, familyId: admin.familyId }, new Date());
const authorization = { authorization: `Bearer ${token}` };

const FIRST_NAMES = ['Alex', 'Blair', 'Casey', 'Drew', 'Emery', 'Jordan', 'Kai', 'Logan', 'Morgan', 'Quinn'];
const departmentRows = Array.from({ length: memberCount - 1 }, (_, index) => ({
  email: `member${index + 1}@bench.example`,
  passwordHash: index % 9 === 0 ? null : 'x',
  firstName: FIRST_NAMES[index % FIRST_NAMES.length] as string,
  lastName: `Member${index + 1}`,
  employeeId: `E${String(index + 1).padStart(6, '0')}`,
  rank: RANKS[index % RANKS.length] as string,
  yearsOfService: index % 35,
  isActive: index % 13 !== 0,
}));
for (let start = 0; start < departmentRows.length; start += 1000) {
  await db.insert(members).values(departmentRows.slice(start, start + 1000));
}
if (database.handle.kind === 'postgres') await db.execute('analyze members');
console.log(`bench/members on ${database.label}, app from ${appRoot}`);
console.log(`department: ${memberCount} members`);

async function time(url: string, runs: number) {
  const times: number[] = [];
  let bytes = 0;
  let body = '';
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: authorization });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    bytes = response.rawPayload.length;
    body = response.body;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), bytes, body };
}

function report(label: string, figures: { p50: number; p99: number; bytes: number; body: string }) {
  const answer = JSON.parse(figures.body) as { users: unknown[] };
  console.log(
    `  ${label.padEnd(38)} p50 ${format(figures.p50).padStart(7)} ms  p99 ${format(figures.p99).padStart(7)} ms  ${(figures.bytes / 1024).toFixed(0).padStart(6)} KB  ${answer.users.length} members`,
  );
}

console.log('GET /api/admin/users');
await time('/api/admin/users?limit=50', 5); // warm-up
report('whole list (no paging parameters)', await time('/api/admin/users', 5));
report('page of 50 (limit=50)', await time('/api/admin/users?limit=50', runs));
let cursor: string | null = null;
const deepPage = Math.min(100, Math.floor(memberCount / 50) - 2);
for (let page = 0; page < deepPage; page++) {
  const response: { json(): unknown } = await app.inject({
    method: 'GET',
    url: `/api/admin/users?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    headers: authorization,
  });
  cursor = (response.json() as { nextCursor?: string | null }).nextCursor ?? null;
  if (cursor === null) break;
}
if (cursor !== null) {
  report(
    `page ${deepPage + 1} of 50 (after ${deepPage} cursors)`,
    await time(`/api/admin/users?limit=50&cursor=${encodeURIComponent(cursor)}`, runs),
  );
} else {
  console.log('  (this app answers no cursor: every request is the whole list)');
}
report(
  'page of 50, sorted by seniority desc',
  await time('/api/admin/users?limit=50&sortBy=seniority&sortDirection=desc', runs),
);
report('search "member1234", page of 50', await time('/api/admin/users?limit=50&search=member1234', runs));

function csvOf(count: number, prefix: string): Buffer {
  const lines = ['firstName,lastName,email,employeeId,rank,position,yearsOfService'];
  for (let index = 1; index <= count; index++) {
    lines.push(
      `New${index},${prefix}${index},${prefix}${index}@import.example,${prefix}-${index},Firefighter,EMT,${index % 30}`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

function multipart(fileName: string, content: Buffer) {
  const boundary = `----bench-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...authorization, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const measured = (work: () => Promise<string>) => measureWhileProbing(app, work);
const reportImport = reportWhileProbing;

console.log('POST /api/admin/import-users');
let importNumber = 0;
for (const size of importSizes) {
  if (!options['skip-sync']) {
    importNumber += 1;
    const { payload, headers } = multipart('members.csv', csvOf(size, `S${importNumber}x`));
    reportImport(
      `${size} rows, synchronous`,
      await measured(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/admin/import-users?mode=sync',
          payload,
          headers,
        });
        const { results } = response.json() as { results?: { created: number } };
        return `HTTP ${response.statusCode}, ${results?.created ?? '?'} created`;
      }),
    );
  }
  if (options['skip-job']) continue;
  importNumber += 1;
  const { payload, headers } = multipart('members.csv', csvOf(size, `J${importNumber}x`));
  let answerMs = 0;
  reportImport(
    `${size} rows, as a job`,
    await measured(async () => {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/admin/import-users?mode=job', payload, headers });
      answerMs = performance.now() - started;
      if (response.statusCode !== 202) return `HTTP ${response.statusCode}: this app has no import jobs`;
      const { job } = response.json() as { job: { id: string; state: string } };
      let state = job.state;
      let created = 0;
      while (state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const read = (
          await app.inject({ method: 'GET', url: `/api/admin/import-jobs/${job.id}`, headers: authorization })
        ).json() as { job: { state: string; results: { created: number } | null } };
        state = read.job.state;
        created = read.job.results?.created ?? 0;
      }
      return `202 answered in ${format(answerMs)} ms, ${state}, ${created} created`;
    }),
  );
}

await app.close();
await database.dispose();
