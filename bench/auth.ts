/**
 * bench/auth: how fast a signed-in read is, and whether it grows with the department.
 *
 * For each department size (by default 1,000 and 5,000 members) it builds the department on a fresh
 * database, starts the app on a loopback port (as `npm start` does), and loads two endpoints in turn
 * with autocannon, run as a child process so the load generator does not share the server's event
 * loop: `GET /api/health` (no authentication, one trivial query: the baseline of this machine at
 * this moment) and `GET /api/auth/me` as one signed-in member. It prints requests per second and
 * p50/p99 latency of each, and the ratio of /me to the baseline, since the machine is shared and
 * noisy and only the ratio compares between runs.
 *
 *   node --import tsx bench/auth.ts                                # PGlite in a temporary directory
 *   node --import tsx bench/auth.ts --members 0,1000 --seconds 5   # other sizes, shorter runs
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node --import tsx bench/auth.ts
 *
 * autocannon comes through npx at a pinned version (AUTOCANNON below), so nothing is added to the
 * install of the app itself.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { members } from '../apps/server/src/db/schema/index.ts';
import { benchAdminRow, benchMemberRow, buildBenchApp, openBenchDatabase, signInMembers } from './support.ts';

const AUTOCANNON = 'autocannon@8.0.0';
const RANKS = ['Firefighter', 'Engineer', 'Lieutenant', 'Captain'] as const;

const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '1000,5000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const sizes = options.members.split(',').map((size) => Number(size.trim()));
const seconds = Number(options.seconds);
const connections = Number(options.connections);

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run against `url`; its JSON report, reduced to what the bench prints. */
function runAutocannon(url: string, headers: Record<string, string>, durationSeconds: number): Promise<LoadResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [
    '--yes',
    AUTOCANNON,
    '-j',
    '-c',
    String(connections),
    '-d',
    String(durationSeconds),
    ...headerArgs,
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errorOutput = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      errorOutput += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}:\n${errorOutput}`));
      const report = JSON.parse(output.slice(output.indexOf('{'))) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: report.requests.average,
        p50: report.latency.p50,
        p99: report.latency.p99,
        non2xx: report.non2xx,
        errors: report.errors,
      });
    });
  });
}

async function measureDepartment(memberCount: number) {
  const database = await openBenchDatabase('stationbid-bench-auth-');
  try {
    const { db } = database.handle;
    await db.insert(members).values(benchAdminRow(randomUUID(), ''));
    const rows = Array.from({ length: memberCount }, (_, index) =>
      benchMemberRow(randomUUID(), index, RANKS[index % RANKS.length] ?? 'Firefighter', index % 31),
    );
    for (let start = 0; start < rows.length; start += 1000) {
      await db.insert(members).values(rows.slice(start, start + 1000));
    }
    // The member who asks is in the middle of the department, so their priority is a real one.
    const asking = { id: rows[Math.floor(rows.length / 2)]?.id ?? randomUUID(), familyId: randomUUID() };
    if (memberCount === 0) {
      await db.insert(members).values(benchMemberRow(asking.id, 0, 'Firefighter', 5));
    }
    await signInMembers(db, [asking]);

    const { app, accessTokenFor } = await buildBenchApp(database);
    try {
      const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const authorization = `Bearer ${await accessTokenFor(asking)}`;
      const check = await fetch(`${baseUrl}/api/auth/me`, { headers: { authorization } });
      if (check.status !== 200) throw new Error(`GET /api/auth/me answered ${check.status}: ${await check.text()}`);
      // A short unrecorded run of each first, so both are measured warm.
      await runAutocannon(`${baseUrl}/api/health`, {}, 2);
      await runAutocannon(`${baseUrl}/api/auth/me`, { authorization }, 2);
      const health = await runAutocannon(`${baseUrl}/api/health`, {}, seconds);
      const me = await runAutocannon(`${baseUrl}/api/auth/me`, { authorization }, seconds);
      return { label: database.label, health, me };
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

const print = (name: string, result: LoadResult) =>
  `${name.padEnd(18)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms${result.non2xx + result.errors > 0 ? `   (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`;

console.log(`bench/auth: ${connections} connections, ${seconds} s per endpoint, autocannon in a child process`);
for (const size of sizes) {
  const { label, health, me } = await measureDepartment(size);
  console.log(`\n${size.toLocaleString('en-US')} members, ${label}`);
  console.log(print('GET /api/health', health));
  console.log(print('GET /api/auth/me', me));
  console.log(`/me over health: ${(me.requestsPerSecond / health.requestsPerSecond).toFixed(2)} of the baseline`);
}
