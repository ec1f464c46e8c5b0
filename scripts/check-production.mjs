/**
 * CI check of the README's production steps, exactly as an operator runs them, on the committed
 * tree (`git archive HEAD`) in a temporary directory:
 *
 *   npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev
 *   NODE_ENV=production JWT_SECRET=... ADMIN_EMAIL=... ADMIN_PASSWORD=... npm start
 *
 * first checks that the production install prints no EBADENGINE (a dependency that does not
 * declare this Node), then that no build tool is left (tsx, esbuild, vite), that the server answers
 * GET /api/health and /api/health/ready, signs the administrator in, answers a forecast (worked out
 * in its worker thread's bundle), gives a completed session's record as the same bytes twice, hands
 * out the one-file verifier (GET /api/verifier.mjs, the very `apps/server/dist/verify.mjs`) and the
 * record key without sign-in, and that both copies of `verify.mjs`, run with plain node outside the
 * install, verify that record against the key (and refuse to call it verified without one), serves
 * the web app at `/`,
 * that `npm run db:backup` writes a backup while it runs, that it exits 0 on SIGTERM, and that
 * `npm run db:restore` loads the backup into a new data directory. Only talks to 127.0.0.1; removes the directory at the end
 * (KEEP_CHECK_DIR=1 keeps it). Usage: `node scripts/check-production.mjs` (CHECK_REF=<commit>
 * checks another commit than HEAD).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;
const BUILD_TOOLS = ['tsx', 'esbuild', 'vite', 'typescript'];
const ref = process.env.CHECK_REF ?? 'HEAD';

const checkDir = mkdtempSync(path.join(tmpdir(), 'stationbid-production-'));
const appDir = path.join(checkDir, 'stationbid');
const dataDir = path.join(checkDir, 'data');
const startedAt = performance.now();

function elapsed() {
  return `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
}

function step(title) {
  console.log(`--- [${elapsed()}] ${title}`);
}

function fail(message) {
  throw new Error(message);
}

function run(command, args, extraEnv = {}) {
  step(`${command} ${args.join(' ')}`);
  execFileSync(command, args, {
    cwd: appDir,
    stdio: 'inherit',
    env: { ...withoutDatabaseSettings(process.env), ...extraEnv },
  });
}

/** The server under test uses its own embedded database, whatever the CI job exports. */
function withoutDatabaseSettings(env) {
  const { DATABASE_URL: _databaseUrl, DATA_DIR: _dataDir, PORT: _port, HOST: _host, ...rest } = env;
  return rest;
}

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address.port));
    });
    server.on('error', reject);
  });
}

async function waitFor(description, isDone, timeoutMs, hasGivenUp = () => false) {
  const giveUpAt = Date.now() + timeoutMs;
  while (Date.now() < giveUpAt && !hasGivenUp()) {
    if (await isDone().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`timed out waiting for ${description}`);
}

const sha256Of = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** `node <verifier> <args>` in a folder of its own, outside the install: its exit code and output. */
function runVerifier(verifier, args) {
  const result = spawnSync(process.execPath, [verifier, ...args], { cwd: checkDir, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * The draft session (the administrator its one participant) started and ended, so it completes; its
 * record downloaded twice (the same bytes: a completed session has one record); the record key and
 * the verifier fetched without a token; and the verifier the build wrote and the one the server
 * handed out, run with plain node, verifying the record against the key.
 */
async function checkRecordAndVerifier(baseUrl, authorized, sessionId) {
  for (const action of ['start', 'end']) {
    const answer = await fetch(`${baseUrl}/api/bid-sessions/${sessionId}/${action}`, {
      method: 'POST',
      headers: authorized,
      body: JSON.stringify({ sessionId }),
    });
    if (answer.status !== 200)
      fail(`POST /api/bid-sessions/:id/${action} answered ${answer.status}: ${await answer.text()}`);
  }
  const download = async () => {
    const answer = await fetch(`${baseUrl}/api/bid-sessions/${sessionId}/record`, {
      headers: { authorization: authorized.authorization },
    });
    if (answer.status !== 200)
      fail(`GET /api/bid-sessions/:id/record answered ${answer.status}: ${await answer.text()}`);
    return Buffer.from(await answer.arrayBuffer());
  };
  const record = await download();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  if (!(await download()).equals(record)) fail('two downloads of a completed session record differ');
  if (JSON.parse(record.toString('utf8')).session?.status !== 'completed')
    fail('the record is not of a completed session');
  step(
    `GET /api/bid-sessions/:id/record gave the completed session's record twice, the same bytes (SHA-256 ${sha256Of(record)})`,
  );

  const keyAnswer = await fetch(`${baseUrl}/api/record-key`);
  const key = await keyAnswer.json();
  if (keyAnswer.status !== 200 || !/^[0-9a-f]{64}$/.test(key.fingerprint ?? '')) {
    fail(`GET /api/record-key without a token answered ${keyAnswer.status}: ${JSON.stringify(key)}`);
  }
  const verifierAnswer = await fetch(`${baseUrl}/api/verifier.mjs`);
  const served = Buffer.from(await verifierAnswer.arrayBuffer());
  const built = readFileSync(path.join(appDir, 'apps/server/dist/verify.mjs'));
  if (
    verifierAnswer.status !== 200 ||
    verifierAnswer.headers.get('content-type') !== 'text/javascript; charset=utf-8'
  ) {
    fail(`GET /api/verifier.mjs answered ${verifierAnswer.status} ${verifierAnswer.headers.get('content-type')}`);
  }
  if (verifierAnswer.headers.get('x-content-sha256') !== sha256Of(served))
    fail("GET /api/verifier.mjs names another SHA-256 than its body's");
  if (!served.equals(built)) fail('GET /api/verifier.mjs is not the apps/server/dist/verify.mjs the build wrote');
  step(
    `GET /api/record-key and GET /api/verifier.mjs answered without a token (verify.mjs SHA-256 ${sha256Of(served)})`,
  );

  const folder = path.join(checkDir, 'verifier-check');
  mkdirSync(folder);
  const recordFile = path.join(folder, 'record.json');
  const servedFile = path.join(folder, 'verify.mjs');
  writeFileSync(recordFile, record);
  writeFileSync(servedFile, served);
  for (const verifier of [path.join(appDir, 'apps/server/dist/verify.mjs'), servedFile]) {
    const keyed = runVerifier(verifier, [recordFile, '--fingerprint', key.fingerprint]);
    if (keyed.code !== 0 || !keyed.output.startsWith('verified: ')) {
      fail(`node ${verifier} record.json --fingerprint exited ${keyed.code}: ${keyed.output}`);
    }
    const unkeyed = runVerifier(verifier, [recordFile]);
    if (unkeyed.code !== 2 || !unkeyed.output.includes('checked only against itself')) {
      fail(`node ${verifier} record.json (no key) exited ${unkeyed.code}: ${unkeyed.output}`);
    }
  }
  step('node verify.mjs (built and served) verified the record against the key, and warned without one');
}

let server;
let serverOutput = '';
try {
  step(`copying the committed tree (git archive ${ref}) to ${appDir}`);
  mkdirSync(appDir);
  const archive = execFileSync('git', ['-C', repositoryRoot, 'archive', '--format=tar', ref], {
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', appDir], { input: archive });

  // The production dependencies must all declare this Node (the README's 20.19): npm's warning
  // "EBADENGINE" is what an operator sees otherwise. A dry run of the production install prints it
  // without installing anything.
  step('npm ci --omit=dev --dry-run (no EBADENGINE)');
  const productionInstall = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: appDir, encoding: 'utf8', env: withoutDatabaseSettings(process.env) },
  );
  const engineWarnings = `${productionInstall.stdout}${productionInstall.stderr}`
    .split('\n')
    .filter((line) => line.includes('EBADENGINE'));
  if (productionInstall.status !== 0) fail(`npm ci --omit=dev --dry-run failed:\n${productionInstall.stderr}`);
  if (engineWarnings.length > 0) {
    fail(`the production install does not support Node ${process.version}:\n${engineWarnings.join('\n')}`);
  }

  run('npm', ['ci', '--no-audit', '--no-fund']);
  run('npm', ['run', 'build']);
  run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund']);

  step('checking that no build tool is installed');
  const leftOver = BUILD_TOOLS.filter((name) => existsSync(path.join(appDir, 'node_modules', name)));
  if (leftOver.length > 0) fail(`still installed after npm prune --omit=dev: ${leftOver.join(', ')}`);

  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminEmail = 'chief@production-check.example';
  // Random, so it passes the password policy (12+ characters, not a common password).
  const adminPassword = randomBytes(18).toString('base64url');
  step(`NODE_ENV=production npm start on ${baseUrl}`);
  server = spawn('npm', ['start'], {
    cwd: appDir,
    env: {
      ...withoutDatabaseSettings(process.env),
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a failed check can still end everything it started.
    detached: true,
  });
  server.stdout.on('data', (chunk) => {
    serverOutput += chunk;
  });
  server.stderr.on('data', (chunk) => {
    serverOutput += chunk;
  });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  let hasExited = false;
  exited.then(() => {
    hasExited = true;
  });

  await waitFor(
    'GET /api/health',
    async () => (await fetch(`${baseUrl}/api/health`)).status === 200,
    START_TIMEOUT_MS,
    () => hasExited,
  );
  step('GET /api/health answered 200');

  const ready = await fetch(`${baseUrl}/api/health/ready`);
  const readyBody = await ready.json();
  if (ready.status !== 200 || readyBody.status !== 'ready') {
    fail(`GET /api/health/ready answered ${ready.status}: ${JSON.stringify(readyBody)}`);
  }
  step(`GET /api/health/ready answered 200 ${JSON.stringify(readyBody.checks)}`);

  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const loginBody = await login.json();
  if (login.status !== 200 || typeof loginBody.token !== 'string' || loginBody.user?.isAdmin !== true) {
    fail(`POST /api/auth/login answered ${login.status}: ${JSON.stringify(loginBody).slice(0, 300)}`);
  }
  step('POST /api/auth/login signed the administrator in');

  // A forecast is worked out in a worker thread started from its own bundle (dist/forecast-worker.js).
  const authorized = { authorization: `Bearer ${loginBody.token}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/bid-sessions`, {
    method: 'POST',
    headers: authorized,
    body: JSON.stringify({
      name: 'Production check',
      year: new Date().getFullYear(),
      startDate: new Date().toISOString().slice(0, 10),
      endDate: new Date().toISOString().slice(0, 10),
      participantIds: [loginBody.user.id],
    }),
  });
  const createdBody = await created.json();
  if (created.status !== 201) fail(`POST /api/bid-sessions answered ${created.status}: ${JSON.stringify(createdBody)}`);
  const forecast = await fetch(`${baseUrl}/api/bid-sessions/${createdBody.session.id}/forecast`, {
    headers: { authorization: authorized.authorization },
  });
  const forecastBody = await forecast.json();
  if (forecast.status !== 200 || forecastBody.forecast?.upToDate !== true) {
    fail(`GET /api/bid-sessions/:id/forecast answered ${forecast.status}: ${JSON.stringify(forecastBody)}`);
  }
  step("GET /api/bid-sessions/:id/forecast answered the administrator's forecast, from the forecast worker");

  await checkRecordAndVerifier(baseUrl, authorized, createdBody.session.id);

  const page = await fetch(`${baseUrl}/`);
  const html = await page.text();
  if (page.status !== 200 || !page.headers.get('content-type')?.startsWith('text/html') || !html.includes('<script')) {
    fail(`GET / answered ${page.status} ${page.headers.get('content-type')}: ${html.slice(0, 200)}`);
  }
  step('GET / served the web app');

  // The production install has no tsx: the db commands run from apps/server/dist/db.js, and the
  // running server writes the backup (it holds the embedded database).
  const backupFile = path.join(checkDir, 'production-check.backup');
  run('npm', ['run', 'db:backup', '--', backupFile], { NODE_ENV: 'production', DATA_DIR: dataDir });
  if (!existsSync(backupFile)) fail(`npm run db:backup wrote no ${backupFile}`);

  step('SIGTERM');
  const stopAskedAt = performance.now();
  server.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
  const outcome = await Promise.race([exited, timeout]);
  if (outcome === 'timeout') fail(`the server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
  if (outcome.code !== 0) fail(`the server exited with ${outcome.code ?? outcome.signal} after SIGTERM`);
  if (!serverOutput.includes('stopped cleanly')) fail('the server did not log "stopped cleanly"');
  step(`the server exited 0 in ${Math.round(performance.now() - stopAskedAt)} ms`);

  run('npm', ['run', 'db:restore', '--', backupFile], {
    NODE_ENV: 'production',
    DATA_DIR: path.join(checkDir, 'restored-data'),
  });
  console.log(`Production check passed in ${elapsed()}.`);
} catch (error) {
  console.error(`Production check FAILED after ${elapsed()}: ${error.message}`);
  if (serverOutput) console.error(`--- server output:\n${serverOutput}`);
  process.exitCode = 1;
} finally {
  // The whole process group: also a server that outlived npm.
  if (server) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (process.env.KEEP_CHECK_DIR === '1') console.log(`kept ${checkDir}`);
  else rmSync(checkDir, { recursive: true, force: true });
}
