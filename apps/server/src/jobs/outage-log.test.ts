/** One report per outage: a start line, a reminder a minute, an end line; never a line per attempt. */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OutageLog } from './outage-log.ts';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real pino logger (Fastify's) whose JSON lines are kept. */
function capturedLog() {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  return {
    log: app.log,
    text: () => written,
    lines: () =>
      written
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
  };
}

const ERROR = 50;
const WARN = 40;
const INFO = 30;

/** What drizzle throws when PostgreSQL refuses the connection: the query (with a value) around the driver's error. */
function refusedQuery(): Error {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  return new DrizzleQueryError('select "id" from "members" where "email" = $1', ['chief@dept.example'], refused);
}

describe('OutageLog', () => {
  it('writes a database outage as one error line, a reminder a minute and one line at its end', () => {
    const captured = capturedLog();
    let now = 0;
    const outages = new OutageLog(captured.log, { now: () => now });
    // 150 s of three jobs failing (the turn clock four times a second).
    for (; now < 150_000; now += 250) {
      outages.failed('turn clock tick', refusedQuery());
      if (now % 500 === 0) outages.failed('outbox worker (push) tick', refusedQuery());
      if (now % 30_000 === 0) outages.failed('reminder scheduler tick', refusedQuery());
    }
    expect(outages.databaseOutage?.failedAttempts).toBe(600 + 300 + 5);
    outages.succeeded('turn clock tick');

    const lines = captured.lines();
    expect(lines.map((line) => line.level)).toEqual([ERROR, WARN, WARN, INFO]);
    const [start, firstReminder, secondReminder, end] = lines;
    expect(start).toMatchObject({
      outage: 'database',
      source: 'turn clock tick',
      code: 'ECONNREFUSED',
      databaseMessage: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect(start?.msg).toBe(
      'database unavailable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432); first failure: turn clock tick. Retrying, with a reminder every 1 min until it answers',
    );
    expect(firstReminder).toMatchObject({ outage: 'database', durationMs: 60_000 });
    expect(firstReminder?.msg).toMatch(
      /^database still unavailable after 1 min: \d+ attempts failed \(turn clock tick \d+, outbox worker \(push\) tick \d+, reminder scheduler tick \d+\)/,
    );
    expect(secondReminder).toMatchObject({ durationMs: 120_000 });
    expect(end).toMatchObject({ outage: 'database', durationMs: 150_000, failedAttempts: 905 });
    expect(end?.msg).toBe('database available again after 2 min 30 s; 905 attempts failed meanwhile');
    // No SQL, no value of a query, no stack.
    expect(captured.text()).not.toMatch(/Failed query|select|chief@dept\.example|"stack"/);
    expect(outages.databaseOutage).toBeUndefined();
  });

  it('ends the database outage only when a source that failed in it works again', () => {
    const captured = capturedLog();
    const outages = new OutageLog(captured.log, { now: () => 0 });
    outages.failed('turn clock tick', refusedQuery());
    // A job that did not fail (it may not have reached the database) proves nothing.
    outages.succeeded('seen members tick');
    expect(outages.databaseOutage).toBeDefined();
    outages.succeeded('turn clock tick');
    expect(outages.databaseOutage).toBeUndefined();
    expect(captured.lines().map((line) => line.level)).toEqual([ERROR, INFO]);
  });

  it("gives any other failure its source's own outage, with the error in full once", () => {
    const captured = capturedLog();
    let now = 0;
    const outages = new OutageLog(captured.log, { now: () => now });
    for (; now < 5_000; now += 250)
      outages.failed('turn clock tick', new TypeError('cannot read properties of undefined'));
    outages.succeeded('outbox worker (push) tick');
    outages.succeeded('turn clock tick');
    const lines = captured.lines();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [ERROR, 'turn clock tick failed. Retrying, with a reminder every 1 min while it fails'],
      [INFO, 'turn clock tick works again after 5 s; 20 attempts failed meanwhile'],
    ]);
    expect(lines[0]).toMatchObject({ outage: 'turn clock tick', err: { type: 'TypeError' } });
  });

  it('sees the end by asking the database itself while no job reports', async () => {
    const captured = capturedLog();
    let isDown = true;
    const outages = new OutageLog(captured.log, {
      probeEveryMs: 10,
      probe: async () => {
        if (isDown) throw refusedQuery();
      },
    });
    outages.failed('a request', refusedQuery());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outages.databaseOutage).toBeDefined();
    isDown = false;
    const giveUpAt = Date.now() + 2000;
    while (outages.databaseOutage && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(outages.databaseOutage).toBeUndefined();
    expect(captured.lines().map((line) => [line.level, line.msg.split(' after ')[0]])).toEqual([
      [ERROR, expect.stringMatching(/^database unavailable/)],
      [INFO, 'database available again'],
    ]);
    outages.stop();
  });

  it('folds the error lines of a part that retries by itself into the database outage', () => {
    const captured = capturedLog();
    const outages = new OutageLog(captured.log, { now: () => 0 });
    const log = outages.folding(captured.log).child({ part: 'live' });
    for (let attempt = 0; attempt < 10; attempt++) {
      log.error({ err: refusedQuery() }, 'live events: could not listen; retrying');
    }
    log.error({ err: new Error('a bug') }, 'live events: a listener failed');
    log.info('live events: listening');
    expect(captured.lines().map((line) => [line.level, line.msg.split(':')[0]])).toEqual([
      [ERROR, 'database unavailable (ECONNREFUSED'],
      [ERROR, 'live events'],
      [INFO, 'live events'],
    ]);
    expect(outages.databaseOutage?.failedAttempts).toBe(10);
  });
});
