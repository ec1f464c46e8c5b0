/**
 * "Why this seat" (issue 16): each outcome kind's reason, built from a session played through the
 * engine and chained as the server chains it (test-records.ts), then read back by the verifier's
 * check. Times are in America/Chicago: the test sessions start at 14:00 UTC, 08:00 CST.
 */
import { describe, expect, it } from 'vitest';
import {
  actorFor,
  buildEngineState,
  buildStationSeats,
  MINUTE_MS,
  seatIdOf,
  TEST_ADMIN,
  TEST_START_TIME,
} from '../bid-engine/test-builders.ts';
import type { EngineCommand, EngineState, SeatChoice } from '../bid-engine/types.ts';
import type { SeniorityRule } from '../seniority-rule.ts';
import { checkRecordContent, recordDigestHex } from './check-record.ts';
import { buildResultReasons, type ReasonEntry, UnknownTimeZoneError } from './reasons.ts';
import { playedSession, runSession, unsignedRecordOf } from './test-records.ts';

const T0 = TEST_START_TIME;
const at = (minutes: number) => T0 + minutes * MINUTE_MS;
const ZONE = 'America/Chicago';

const choice = (stationId: string, shift: 'A' | 'B' | 'C', seatPosition: SeatChoice['seatPosition']): SeatChoice => ({
  stationId,
  shift,
  seatPosition,
});

/** Station 3: one Captain per shift A and B, one A Firefighter; Station 5: one Firefighter on A and on C. */
function seats() {
  return [
    ...buildStationSeats({
      stationId: 's3',
      stationNumber: 3,
      seats: { A: { Captain: 1, Firefighter: 1 }, B: { Captain: 1 } },
    }),
    ...buildStationSeats({
      stationId: 's5',
      stationNumber: 5,
      seats: { A: { Firefighter: 1 }, C: { Firefighter: 1 } },
    }),
  ];
}

const start = (minutes = 0): EngineCommand => ({ type: 'start', now: at(minutes), actor: TEST_ADMIN });

function bid(
  state: EngineState,
  participantId: string,
  seat: SeatChoice,
  minutes: number,
  actor = actorFor(participantOf(state, participantId)),
): EngineCommand {
  return { type: 'bid', now: at(minutes), actor, participantId, seat };
}

function participantOf(state: EngineState, participantId: string) {
  const found = state.participants.find((participant) => participant.participantId === participantId);
  if (!found) throw new Error(`no participant ${participantId}`);
  return found;
}

/** Plays the commands and answers each participant's reason by id, as the server would give it. */
function reasonsOf(initial: EngineState, commands: EngineCommand[], timeZone = ZONE) {
  const played = runSession(initial, commands);
  const reasons = buildResultReasons({ settings: played.settings, history: played.history, timeZone });
  return { played, text: (participantId: string) => reasons.get(participantId)?.text, reasons };
}

describe('the reason of an own bid ("chosen")', () => {
  it('names the first choices that were taken before, by whom, their bid priority and when, then the choice bid', () => {
    const initial = buildEngineState({
      session: { bidWindowMinutes: 30 },
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale', rank: 'Captain' },
        {
          participantId: 'p2',
          name: 'Jordan Lee',
          rank: 'Captain',
          preferences: { choices: [choice('s3', 'A', 'Captain'), choice('s3', 'B', 'Captain')] },
        },
      ],
    });
    const { text, reasons } = reasonsOf(initial, [
      start(),
      bid(initial, 'p1', choice('s3', 'A', 'Captain'), 14),
      bid(initial, 'p2', choice('s3', 'B', 'Captain'), 17),
    ]);
    expect(text('p2')).toBe(
      'Your first choice (Station 3, A, Captain) was taken by Morgan Hale, bid 1 of 2, who is senior to you (employee ID first: E-p1; yours: E-p2), at 08:14 CST. Your second choice (Station 3, B, Captain) was free, and you bid it at 08:17 CST.',
    );
    // Without a ranked list: just the bid.
    expect(text('p1')).toBe('You bid Station 3, A, Captain at 08:14 CST.');
    // The deciding entry is the bid's: where a verifier points when the reason differs.
    expect(reasons.get('p2')?.sequence).toBe(3);
  });

  it('says when the first choice was free, and why choices before a seat off the list were not taken', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale', rank: 'Firefighter' },
        {
          participantId: 'p2',
          name: 'Riley Quinn',
          rank: 'Firefighter',
          preferences: {
            choices: [choice('s3', 'A', 'Captain'), choice('s5', 'A', 'Firefighter'), choice('s3', 'A', 'Firefighter')],
          },
        },
        { participantId: 'p3', name: 'Sam Stone', preferences: { choices: [choice('s5', 'C', 'Firefighter')] } },
      ],
    });
    const { text } = reasonsOf(initial, [
      start(),
      bid(initial, 'p1', choice('s5', 'A', 'Firefighter'), 2),
      bid(initial, 'p2', choice('s5', 'C', 'Firefighter'), 4),
      bid(initial, 'p3', choice('s3', 'A', 'Firefighter'), 6),
    ]);
    expect(text('p2')).toBe(
      'Your first choice (Station 3, A, Captain) was not open to your rank (Firefighter). ' +
        'Your second choice (Station 5, A, Firefighter) was taken by Morgan Hale, bid 1 of 3, who is senior to you (employee ID first: E-p1; yours: E-p2), at 08:02 CST. ' +
        'Your third choice (Station 3, A, Firefighter) was still free. ' +
        'You bid Station 5, C, Firefighter at 08:04 CST; it was not on your ranked list.',
    );
    expect(text('p3')).toBe(
      'Your first choice (Station 5, C, Firefighter) was taken by Riley Quinn, bid 2 of 3, who is senior to you (employee ID first: E-p2; yours: E-p3), at 08:04 CST. You bid Station 3, A, Firefighter at 08:06 CST; it was not on your ranked list.',
    );
  });

  it('says a choice was held since before the session, naming the participant who held it', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Jordan Lee', preferences: { choices: [choice('s5', 'C', 'Firefighter')] } },
        { participantId: 'p2', name: 'Dana Holt', holdsSeatId: seatIdOf('s5', 'C', 'Firefighter') },
      ],
    });
    const { text } = reasonsOf(initial, [start(), bid(initial, 'p1', choice('s5', 'A', 'Firefighter'), 3)]);
    expect(text('p1')).toBe(
      'Your first choice (Station 5, C, Firefighter) was held since before the session by Dana Holt. You bid Station 5, A, Firefighter at 08:03 CST; it was not on your ranked list.',
    );
  });
});

describe('the reason of a phone-in bid', () => {
  it('names the administrator who bid, with the ranked list when there is one', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale' },
        {
          participantId: 'p2',
          name: 'Jordan Lee',
          preferences: { choices: [choice('s5', 'A', 'Firefighter'), choice('s5', 'C', 'Firefighter')] },
        },
      ],
    });
    const { text } = reasonsOf(initial, [
      start(),
      bid(initial, 'p1', choice('s5', 'A', 'Firefighter'), 1, TEST_ADMIN),
      bid(initial, 'p2', choice('s5', 'C', 'Firefighter'), 2, TEST_ADMIN),
    ]);
    expect(text('p1')).toBe('Phone-in bid: Alex Admin bid Station 5, A, Firefighter for you at 08:01 CST.');
    expect(text('p2')).toBe(
      'Your first choice (Station 5, A, Firefighter) was taken by Morgan Hale, bid 1 of 2, who is senior to you (employee ID first: E-p1; yours: E-p2), at 08:01 CST. Your second choice (Station 5, C, Firefighter) was free, and Alex Admin bid it for you by phone at 08:02 CST.',
    );
  });
});

describe('the reason of a turn that expired', () => {
  it('gives the seat the ranked list gave, and the choices before it that were taken', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale' },
        {
          participantId: 'p2',
          name: 'Jordan Lee',
          preferences: { autoBid: true, choices: [choice('s5', 'C', 'Firefighter')] },
        },
        {
          participantId: 'p3',
          name: 'Sam Stone',
          preferences: { autoBid: true, choices: [choice('s5', 'C', 'Firefighter'), choice('s3', 'A', 'Firefighter')] },
        },
      ],
    });
    const { text } = reasonsOf(initial, [
      start(),
      bid(initial, 'p1', choice('s5', 'A', 'Firefighter'), 1),
      { type: 'expire', now: at(7) },
      { type: 'expire', now: at(13) },
    ]);
    expect(text('p2')).toBe('Your turn expired at 08:07 CST. Your ranked list gave Station 5, C, Firefighter.');
    expect(text('p3')).toBe(
      'Your turn expired at 08:13 CST. Your first choice (Station 5, C, Firefighter) was taken by Jordan Lee, bid 2 of 3, who is senior to you (employee ID first: E-p2; yours: E-p3), at 08:07 CST. Your ranked list gave Station 3, A, Firefighter, your second choice.',
    );
  });
});

describe('the reason of a move to the back', () => {
  it('says the turn expired without a ranked list, then where the second chance auto-assigned them', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [{ participantId: 'p1', name: 'Morgan Hale' }],
    });
    const { text } = reasonsOf(initial, [start(), { type: 'expire', now: at(6) }, { type: 'expire', now: at(9) }]);
    expect(text('p1')).toBe(
      'Moved to the back at 08:06 CST (turn expired, no ranked list); auto-assigned at 08:09 CST to the first free eligible seat (Station 3, A, Firefighter).',
    );
  });

  it('says why a ranked list gave nothing, and names preferences, a kept seat and no seat left', () => {
    const initial = buildEngineState({
      seats: buildStationSeats({ stationId: 's5', stationNumber: 5, seats: { C: { Firefighter: 1 } } }),
      participants: [
        {
          participantId: 'p1',
          name: 'Morgan Hale',
          preferences: { autoBid: false, choices: [choice('s5', 'C', 'Firefighter')], preferredShifts: ['C'] },
        },
        { participantId: 'p2', name: 'Jordan Lee', holdsSeatId: seatIdOf('s5', 'C', 'Firefighter') },
      ],
    });
    // p2 holds the only seat; p1 has a ranked list that does not bid for them.
    const { text } = reasonsOf(initial, [
      start(),
      { type: 'expire', now: at(6) },
      { type: 'expire', now: at(12) },
      { type: 'expire', now: at(15) },
      { type: 'expire', now: at(18) },
    ]);
    expect(text('p1')).toBe(
      'Moved to the back at 08:06 CST (turn expired, ranked list not set to bid for you); your second chance expired at 08:15 CST with no free seat open to you left.',
    );
    expect(text('p2')).toBe(
      'Moved to the back at 08:12 CST (turn expired, no ranked list); your second chance expired at 08:18 CST and you kept the seat you held (Station 5, C, Firefighter).',
    );
  });

  it('names the administrator who moved them, then their bid; and matching preferences', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale' },
        {
          participantId: 'p2',
          name: 'Jordan Lee',
          preferences: { autoBid: true, choices: [choice('s3', 'B', 'Captain')], preferredStationIds: ['s5'] },
        },
      ],
    });
    const { text } = reasonsOf(initial, [
      start(),
      { type: 'move_to_back', now: at(1), actor: TEST_ADMIN, participantId: 'p1' },
      { type: 'expire', now: at(7) },
      { type: 'expire', now: at(10) },
      { type: 'expire', now: at(13) },
    ]);
    expect(text('p2')).toBe(
      'Moved to the back at 08:07 CST (turn expired, no choice on your ranked list was free and open to you); auto-assigned at 08:13 CST to the first free eligible seat matching your preferred stations and shifts (Station 5, A, Firefighter).',
    );
    expect(text('p1')).toBe(
      'Moved to the back by Alex Admin at 08:01 CST; auto-assigned at 08:10 CST to the first free eligible seat (Station 3, A, Firefighter).',
    );

    const bidAfterMove = reasonsOf(initial, [
      start(),
      { type: 'move_to_back', now: at(1), actor: TEST_ADMIN, participantId: 'p1' },
      bid(initial, 'p2', choice('s5', 'A', 'Firefighter'), 2),
      bid(initial, 'p1', choice('s5', 'C', 'Firefighter'), 3),
    ]);
    expect(bidAfterMove.text('p1')).toBe(
      'Moved to the back by Alex Admin at 08:01 CST. You bid Station 5, C, Firefighter at 08:03 CST.',
    );
  });
});

describe('the reason of a skipped turn, an early end and a deleted member', () => {
  it('says the member skipped, and which seat they kept', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale', holdsSeatId: seatIdOf('s5', 'C', 'Firefighter') },
        { participantId: 'p2', name: 'Jordan Lee' },
      ],
    });
    const { text } = reasonsOf(initial, [
      start(),
      { type: 'skip', now: at(2), actor: actorFor(participantOf(initial, 'p1')), participantId: 'p1' },
      { type: 'skip', now: at(3), actor: actorFor(participantOf(initial, 'p2')), participantId: 'p2' },
    ]);
    expect(text('p1')).toBe(
      'You skipped your turn at 08:02 CST and kept the seat you held (Station 5, C, Firefighter).',
    );
    expect(text('p2')).toBe('You skipped your turn at 08:03 CST, holding no seat.');
  });

  it('says who ended the session early, for the turn holder and everyone still waiting', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale' },
        { participantId: 'p2', name: 'Jordan Lee' },
        { participantId: 'p3', name: 'Sam Stone', holdsSeatId: seatIdOf('s3', 'A', 'Firefighter') },
      ],
    });
    const { text } = reasonsOf(initial, [
      start(),
      bid(initial, 'p1', choice('s5', 'A', 'Firefighter'), 1),
      { type: 'end', now: at(2), actor: TEST_ADMIN },
    ]);
    expect(text('p1')).toBe('You bid Station 5, A, Firefighter at 08:01 CST.');
    expect(text('p2')).toBe(
      'The session was ended early by Alex Admin at 08:02 CST before your turn was done: not assigned.',
    );
    expect(text('p3')).toBe(
      'The session was ended early by Alex Admin at 08:02 CST before your turn was done: not assigned; you keep the seat you held (Station 3, A, Firefighter).',
    );
  });

  it('says a deleted member’s turn was passed over', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale' },
        { participantId: 'p2', name: 'Gone Member', memberId: null },
      ],
    });
    const { text } = reasonsOf(initial, [start(), bid(initial, 'p1', choice('s5', 'A', 'Firefighter'), 1)]);
    expect(text('p2')).toBe('The member was deleted during the session; their turn was passed over at 08:01 CST.');
  });

  it('gives no reason to a participant still waiting', () => {
    const initial = buildEngineState({
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Morgan Hale' },
        { participantId: 'p2', name: 'Jordan Lee' },
      ],
    });
    const { reasons } = reasonsOf(initial, [start(), bid(initial, 'p1', choice('s5', 'A', 'Firefighter'), 1)]);
    expect([...reasons.keys()]).toEqual(['p1']);
  });
});

describe('times and history without settings', () => {
  it('writes the zone of the department, and the day for a time on a later day', () => {
    const initial = buildEngineState({ seats: seats(), participants: [{ participantId: 'p1', name: 'Morgan Hale' }] });
    const nextDay = 24 * 60 + 75;
    const commands = [start(), { type: 'pause', now: at(1), actor: TEST_ADMIN } as EngineCommand];
    commands.push({ type: 'resume', now: at(nextDay - 1), actor: TEST_ADMIN });
    commands.push(bid(initial, 'p1', choice('s5', 'A', 'Firefighter'), nextDay));
    expect(reasonsOf(initial, commands).text('p1')).toBe('You bid Station 5, A, Firefighter at Tue, Jan 7, 09:15 CST.');
    expect(reasonsOf(initial, commands, 'Europe/Berlin').text('p1')).toBe(
      'You bid Station 5, A, Firefighter at Tue, Jan 7, 16:15 GMT+1.',
    );
    expect(reasonsOf(initial, commands, 'UTC').text('p1')).toBe(
      'You bid Station 5, A, Firefighter at Tue, Jan 7, 15:15 UTC.',
    );
    expect(() => reasonsOf(initial, commands, 'Mars/Olympus')).toThrow(UnknownTimeZoneError);
  });

  it('tells the outcome from entries written before the chain existed (no settings, no ranked lists)', () => {
    const entry = (overrides: Partial<ReasonEntry>): ReasonEntry => ({
      action: 'bid_submitted',
      at: new Date(at(5)).toISOString(),
      actorMemberId: null,
      actorName: 'Morgan Hale',
      participantId: 'p1',
      userName: 'Morgan Hale',
      seat: { stationNumber: 3, stationName: 'Harbor', shift: 'A', seatPosition: 'Captain' },
      bidPriority: 1,
      details: {},
      ...overrides,
    });
    const reasons = buildResultReasons({
      settings: null,
      timeZone: ZONE,
      history: [
        entry({
          action: 'session_started',
          participantId: null,
          userName: null,
          seat: null,
          at: new Date(T0).toISOString(),
        }),
        entry({}),
        entry({
          participantId: 'p2',
          userName: 'Jordan Lee',
          action: 'turn_skipped',
          seat: null,
          details: { keptCurrentSeat: true },
        }),
      ],
    });
    expect(reasons.get('p1')).toEqual({
      participantId: 'p1',
      text: 'You bid Station 3, A, Captain at 08:05 CST.',
      sequence: null,
    });
    expect(reasons.get('p2')?.text).toBe('You skipped your turn at 08:05 CST and kept the seat you held.');
  });
});

describe('the verifier rebuilds every reason', () => {
  /** The played session's record with its digest, as JSON would carry it. */
  function record() {
    const unsigned = unsignedRecordOf(playedSession());
    const signature = { algorithm: 'Ed25519', keyFingerprint: '0'.repeat(64), publicKey: '', value: '' };
    return JSON.parse(JSON.stringify({ ...unsigned, signature: { ...signature, digest: recordDigestHex(unsigned) } }));
  }

  it('records a reason for each participant, and the check finds each one', () => {
    const document = record();
    expect(document.timeZone).toBe(ZONE);
    expect(document.assignments.map((assignment: { reason: string }) => assignment.reason)).toEqual([
      'You bid Station 1, A, Captain at 08:01 CST.',
      'Your turn expired at 08:10 CST. Your ranked list gave Station 1, B, Firefighter.',
      'Moved to the back at 08:20 CST (turn expired, no ranked list); auto-assigned at 08:30 CST to the first free eligible seat (Station 1, A, Firefighter).',
    ]);
    expect(checkRecordContent(document)).toMatchObject({ ok: true, reasonsRebuilt: 3 });
  });

  it('fails on a reason the history does not give, naming its entry', () => {
    const document = record();
    document.assignments[1].reason = 'Your turn expired at 08:10 CST. Your ranked list gave Station 1, A, Captain.';
    const result = checkRecordContent(document);
    expect(result).toMatchObject({ ok: false, sequence: 5 });
    expect(result.ok === false && result.reason).toBe(
      'the reason given for Frankie Fire is not the one the history gives (entry 5): the record says "Your turn expired at 08:10 CST. Your ranked list gave Station 1, A, Captain.", the history gives "Your turn expired at 08:10 CST. Your ranked list gave Station 1, B, Firefighter."',
    );
  });

  it('fails on reasons without a time zone, and on a time zone no one knows', () => {
    const withoutZone = record();
    delete withoutZone.timeZone;
    expect(checkRecordContent(withoutZone)).toMatchObject({
      ok: false,
      reason: 'the record gives reasons but names no time zone to read their times in',
    });
    const unknownZone = record();
    unknownZone.timeZone = 'Mars/Olympus';
    expect(checkRecordContent(unknownZone)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^the record's time zone: "Mars\/Olympus" is not a time zone/),
    });
  });
});

/** An unsigned record with its digest, as the content check reads it (the signature is packages/verify's). */
function digested(unsigned: object) {
  const signature = { algorithm: 'Ed25519', keyFingerprint: '0'.repeat(64), publicKey: '', value: '' };
  return JSON.parse(
    JSON.stringify({ ...unsigned, signature: { ...signature, digest: recordDigestHex(unsigned as never) } }),
  );
}

describe('why the member who took a choice came first (wording 2)', () => {
  const promotionRule: SeniorityRule = { keys: [{ key: 'rankDate', direction: 'asc' }] };
  const captains = () =>
    buildEngineState({
      session: { bidWindowMinutes: 30 },
      seats: seats(),
      participants: [
        { participantId: 'p1', name: 'Capt. Hale', rank: 'Captain', rankDate: '2011-05-02' },
        {
          participantId: 'p2',
          name: 'Capt. Ortiz',
          rank: 'Captain',
          rankDate: '2014-03-02',
          preferences: { choices: [choice('s3', 'A', 'Captain'), choice('s3', 'B', 'Captain')] },
        },
      ],
    });
  const play = (initial: EngineState, rule?: SeniorityRule) =>
    runSession(
      initial,
      [
        start(),
        bid(initial, 'p1', choice('s3', 'A', 'Captain'), 1),
        bid(initial, 'p2', choice('s3', 'B', 'Captain'), 3),
      ],
      rule,
    );

  it("names the rule's key that put them ahead, with both members' values", () => {
    const played = play(captains(), promotionRule);
    const reasons = buildResultReasons({ settings: played.settings, history: played.history, timeZone: ZONE });
    expect(reasons.get('p2')?.text).toBe(
      'Your first choice (Station 3, A, Captain) was taken by Capt. Hale, bid 1 of 2, who is senior to you ' +
        '(earlier promotion: 2011-05-02; yours: 2014-03-02), at 08:01 CST. Your second choice (Station 3, B, Captain) ' +
        'was free, and you bid it at 08:03 CST.',
    );
    expect(checkRecordContent(digested(unsignedRecordOf(played)))).toMatchObject({ ok: true });
  });

  it('writes wording 1 for a record made before it, so such a record still verifies', () => {
    const played = play(captains(), promotionRule);
    const old = buildResultReasons({ settings: played.settings, history: played.history, timeZone: ZONE, wording: 1 });
    expect(old.get('p2')?.text).toBe(
      'Your first choice (Station 3, A, Captain) was taken by Capt. Hale, bid 1 of 2, at 08:01 CST. ' +
        'Your second choice (Station 3, B, Captain) was free, and you bid it at 08:03 CST.',
    );
    const record = unsignedRecordOf(played);
    const { reasonWording: _wording, ...before } = record;
    const assignments = before.assignments.map((assignment) => ({
      ...assignment,
      reason: old.get(assignment.participantId)?.text ?? null,
    }));
    expect(checkRecordContent(digested({ ...before, assignments }))).toMatchObject({ ok: true });
    // The same old text claimed as wording 2 is caught.
    expect(checkRecordContent(digested({ ...before, reasonWording: 2, assignments }))).toMatchObject({ ok: false });
  });

  it('says which certification kept a free choice from the member, and when theirs expired', () => {
    const paramedicSeats = buildStationSeats({
      stationId: 's1',
      stationNumber: 1,
      seats: { A: { Firefighter: 1 }, B: { Firefighter: 2 } },
    }).map((seat) => (seat.shift === 'A' ? { ...seat, requires: ['PM'] } : seat));
    const list = [choice('s1', 'A', 'Firefighter'), choice('s1', 'B', 'Firefighter')];
    const initial = buildEngineState({
      session: { bidWindowMinutes: 30, effectiveDate: '2026-12-01', certificationNames: { PM: 'Paramedic' } },
      seats: paramedicSeats,
      participants: [
        { participantId: 'p1', name: 'Ann', preferences: { autoBid: true, choices: list } },
        {
          participantId: 'p2',
          name: 'Ben',
          certifications: [{ code: 'PM', expiresOn: '2026-03-31' }],
          preferences: { autoBid: true, choices: list },
        },
      ],
    });
    const { text } = reasonsOf(initial, [start(), { type: 'expire', now: at(31) }, { type: 'expire', now: at(62) }]);
    expect(text('p1')).toBe(
      'Your turn expired at 08:31 CST. Your first choice (Station 1, A, Firefighter) was free but needs Paramedic: ' +
        'you did not hold it on 2026-12-01. Your ranked list gave Station 1, B, Firefighter, your second choice.',
    );
    expect(text('p2')).toBe(
      'Your turn expired at 09:02 CST. Your first choice (Station 1, A, Firefighter) was free but needs Paramedic: ' +
        'your Paramedic card expired on 2026-03-31. Your ranked list gave Station 1, B, Firefighter, your second choice.',
    );
  });

  it('says a standing bid took the seat, and that a ranked list passed a free seat over for a must-fill seat', () => {
    const staffed = buildStationSeats({
      stationId: 's1',
      stationNumber: 1,
      seats: { A: { Firefighter: 1 }, B: { Firefighter: 1 }, C: { Firefighter: 1 } },
    }).map((seat) => (seat.shift === 'A' ? { ...seat, requires: ['PM'], mustFill: true } : seat));
    const initial = buildEngineState({
      session: { bidWindowMinutes: 30, effectiveDate: '2026-12-01', certificationNames: { PM: 'Paramedic' } },
      seats: staffed,
      participants: [
        {
          participantId: 'p1',
          name: 'Ann',
          preferences: { choices: [choice('s1', 'C', 'Firefighter')], standingBid: true },
        },
        {
          participantId: 'p2',
          name: 'Ben',
          certifications: [{ code: 'PM', expiresOn: null }],
          preferences: { autoBid: true, choices: [choice('s1', 'B', 'Firefighter'), choice('s1', 'A', 'Firefighter')] },
        },
        { participantId: 'p3', name: 'Cal' },
      ],
    });
    const { text } = reasonsOf(initial, [start(), { type: 'expire', now: at(31) }]);
    expect(text('p1')).toBe(
      'Your standing bid took Station 1, C, Firefighter, your first choice, as your turn began at 08:00 CST.',
    );
    // Ben is the last Paramedic to bid: his list's first choice would have left the Paramedic seat empty.
    expect(text('p2')).toBe(
      'Your turn expired at 08:31 CST. Your first choice (Station 1, B, Firefighter) was free, but you were needed ' +
        'for a must-fill seat: too few members left to bid could fill those seats. Your ranked list gave Station 1, A, ' +
        'Firefighter, your second choice.',
    );
  });

  it('does not call a member senior whom the rule puts behind (an order set by hand)', () => {
    const initial = captains();
    // Ortiz's earlier promotion would put him first; the frozen order says Hale bid first.
    const swapped = {
      ...initial,
      participants: initial.participants.map((participant) =>
        participant.participantId === 'p2' ? { ...participant, rankDate: '2009-01-01' } : participant,
      ),
    };
    const played = play(swapped, promotionRule);
    const reasons = buildResultReasons({ settings: played.settings, history: played.history, timeZone: ZONE });
    expect(reasons.get('p2')?.text).toContain('was taken by Capt. Hale, bid 1 of 2, at 08:01 CST');
  });
});
