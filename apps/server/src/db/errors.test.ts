/** Which database errors are an outage, and what start-up says about them. */
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DatabaseTimeoutError,
  describeDatabaseError,
  describeDatabaseStartError,
  isDatabaseUnavailable,
} from './errors.ts';

const URL_WITH_PASSWORD = 'postgresql://stationbid:s3cret-pw@db.internal:5433/bids';

function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it('is true for a refused, broken or shut-down connection, a closed PGlite and a timed-out probe', () => {
    const refusedEverywhere = Object.assign(
      new AggregateError([postgresError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')], ''),
      {
        code: 'ECONNREFUSED',
      },
    );
    for (const error of [
      refusedEverywhere,
      new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
      postgresError('57P01', 'terminating connection due to administrator command'),
      new DrizzleQueryError('select 1', [], new Error('PGlite is closed')),
      new DatabaseTimeoutError(2000),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('is false for a query that is wrong, which is a bug to log in full', () => {
    expect(isDatabaseUnavailable(postgresError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(postgresError('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('describeDatabaseError', () => {
  it("tells the driver's code and message, not drizzle's query text and values", () => {
    const error = new DrizzleQueryError(
      'select * from members where email = $1',
      ['chief@dept.example'],
      postgresError('57P01', 'terminating connection due to administrator command'),
    );
    expect(describeDatabaseError(error)).toEqual({
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
  });
});

describe('describeDatabaseStartError', () => {
  it('says what is wrong and what to do in one line, never with the password', () => {
    const cases: [Error, string][] = [
      [
        postgresError('3D000', 'database "bids" does not exist'),
        'the database "bids" does not exist. Create it (createdb bids) or fix its name in DATABASE_URL.',
      ],
      [
        postgresError('28P01', 'password authentication failed for user "stationbid"'),
        'PostgreSQL refused the password of user "stationbid". Check the user and password in DATABASE_URL.',
      ],
      [
        postgresError('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal'),
        'the host db.internal is not known. Check the host name in DATABASE_URL.',
      ],
    ];
    for (const [error, what] of cases) {
      const line = describeDatabaseStartError(error, URL_WITH_PASSWORD);
      expect(line).toBe(`DATABASE_URL postgresql://stationbid@db.internal:5433/bids: ${what}`);
      expect(line).not.toContain('s3cret-pw');
    }
    expect(describeDatabaseStartError(postgresError('42601', 'syntax error'), URL_WITH_PASSWORD)).toBeUndefined();
  });
});
