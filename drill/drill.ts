/**
 * `npm run drill`: the crash drill (drill/crash-drill.ts) from the command line.
 *
 *   npm run drill                                   # 200 members, 50 kills, turns of 4 s
 *   npm run drill -- --members 30 --kills 10        # the size CI runs (in the server's tests)
 *   DRILL_DATABASE_URL=postgresql://user@host:5432/postgres npm run drill
 *
 * The drill creates a database of its own on the PostgreSQL server of DRILL_DATABASE_URL (else
 * TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/postgres), and drops it at the end.
 * It prints its figures and exits 0 when every check passed, 1 with what differs otherwise.
 */
import { parseArgs } from 'node:util';
import { formatReport, runDrill } from './crash-drill.ts';

const usage =
  'usage: npm run drill -- [--members 200] [--kills 50] [--turn-seconds 4] [--seed 1] [--timeout-seconds N]';

let options: ReturnType<typeof readOptions>;
try {
  options = readOptions();
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '200' },
      kills: { type: 'string', default: '50' },
      'turn-seconds': { type: 'string', default: '4' },
      seed: { type: 'string', default: '1' },
      'timeout-seconds': { type: 'string' },
    },
  });
  const number = (name: keyof typeof values, minimum: number) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < minimum) {
      throw new Error(`--${name}: a whole number of at least ${minimum}, not "${values[name]}"`);
    }
    return value;
  };
  const members = number('members', 5);
  return {
    members,
    kills: number('kills', 0),
    turnSeconds: number('turn-seconds', 1),
    seed: number('seed', 0),
    // A session of n members takes about n x 2.5 s with the default turns; give it plenty more.
    timeoutMs:
      (values['timeout-seconds'] === undefined ? Math.max(300, members * 8) : number('timeout-seconds', 10)) * 1000,
  };
}

const serverUrl =
  process.env.DRILL_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const controller = new AbortController();
// Ctrl-C: stop the processes and drop the scratch database rather than leave them behind.
process.once('SIGINT', () => {
  console.error('stopping the drill: the processes are stopped and the scratch database dropped');
  controller.abort();
});

console.log(
  `crash drill: ${options.members} members, at least ${options.kills} kills, turns of ${options.turnSeconds} s, seed ${options.seed}`,
);
try {
  const report = await runDrill({
    serverUrl,
    ...options,
    log: (line) => console.log(line),
    signal: controller.signal,
  });
  console.log(`\n${formatReport(report)}`);
  process.exit(report.passed ? 0 : 1);
} catch (error) {
  console.error(`the drill could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
}
