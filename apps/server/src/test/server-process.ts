/**
 * The real server entry point (`src/server.ts`) in a child process, as `npm start` runs it, for
 * the tests that need more than `app.inject`: start-up, clean shutdown, a restart on the same data,
 * a process killed mid-turn. Runs through tsx, so the tests need no build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** Printed by the server once it listens; start-up waits for it. */
const READY_LINE = 'StationBid is running';
const START_TIMEOUT_MS = 60_000;
const SERVER_ENTRY = path.join(import.meta.dirname, '../server.ts');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>`, with no trailing slash. */
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Asks the process to shut down (SIGTERM), as an operator would; answers its exit code. */
  stop: () => Promise<number | null>;
  /** Kills the process at once (SIGKILL), as a crash would; nothing of its own runs after. */
  kill: () => Promise<void>;
}

/** A TCP port nobody listens on right now, on the loopback interface. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function killNow(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (hasExited(child)) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * Starts the server on 127.0.0.1 and waits until it is listening. `env` is added to this
 * process's environment (e.g. DATA_DIR, DATABASE_URL); `port` is a free one unless given, so a
 * restart can reuse the port of the process it replaces.
 */
export async function startServerProcess(
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const giveUpAt = Date.now() + START_TIMEOUT_MS;
  while (!output.includes(READY_LINE)) {
    if (hasExited(child) || Date.now() > giveUpAt) {
      // A process that never became ready must not outlive the test that started it.
      await killNow(child);
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (hasExited(child)) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
    kill: () => killNow(child),
  };
}
