/**
 * The forecast's worker thread answers exactly what the engine's forecast gives on this thread:
 * for a session sent whole in parts, then after a pick and a list saved (only the changed entries
 * are sent), after a move to the back (most entries change, the lists are sent whole again), for two sessions at
 * once, with the rules' refusal, and again after the worker was stopped.
 */
import { type EngineState, forecastSession, type MemberForecast } from '@stationbid/domain';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  buildEngineState,
  buildStationSeats,
  startSession,
  TEST_ADMIN,
  TEST_START_TIME,
} from '../../../../../packages/domain/src/bid-engine/test-builders.ts';
import { ForecastThread, type ThreadForecastOutcome } from './forecast-thread.ts';

const SHIFTS = ['A', 'B', 'C'] as const;

/**
 * `members` Firefighters, most with a list of three seats, over stations of two Firefighter seats a
 * shift: more members than one part of a whole list, so it goes in several.
 */
function department(members: number, sessionId: string): EngineState {
  const stations = Math.ceil(members / 5);
  const seats = Array.from({ length: stations }, (_, index) =>
    buildStationSeats({
      stationId: `${sessionId}-s${index + 1}`,
      stationNumber: index + 1,
      seats: { A: { Firefighter: 2 }, B: { Firefighter: 2 }, C: { Firefighter: 2 } },
    }),
  ).flat();
  const participants = Array.from({ length: members }, (_, index) => ({
    participantId: `${sessionId}-p${index}`,
    name: `Member ${index}`,
    preferences: {
      choices:
        index % 4 === 3
          ? []
          : [0, 1, 2].map((offset) => ({
              stationId: `${sessionId}-s${((index * 7 + offset * 13) % stations) + 1}`,
              shift: SHIFTS[(index + offset) % 3] ?? 'A',
              seatPosition: 'Firefighter' as const,
            })),
    },
  }));
  return buildEngineState({ participants, seats });
}

/** The engine's own forecast on this thread, in the thread's form once read back. */
function expectedOf(state: EngineState, now: number): ReadonlyMap<string, MemberForecast> {
  const outcome = forecastSession(state, now);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.forecasts;
}

/** Every member's forecast by participant id, as each member reads theirs (with their own participant id). */
function readBack(outcome: ThreadForecastOutcome, state: EngineState): ReadonlyMap<string, MemberForecast> {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  const { forecasts } = outcome;
  expect(forecasts.member('not-a-participant')).toBeUndefined();
  return new Map(
    state.participants.flatMap(({ memberId, participantId }) => {
      const member = forecasts.member(memberId ?? '');
      expect(member?.participantId).toBe(participantId);
      return member?.forecast ? [[participantId, member.forecast]] : [];
    }),
  );
}

const thread = new ForecastThread();
afterAll(() => thread.close());

describe('the forecast worker thread', () => {
  const before = department(2_500, 'one');
  const started = startSession(before, TEST_START_TIME).state;
  const holder = started.participants[0];
  if (!holder) throw new Error('no holder');
  const firstSeat = started.seats[0];
  if (!firstSeat) throw new Error('no seat');
  const picked = applyOrThrow(started, {
    type: 'bid',
    now: TEST_START_TIME + 1_000,
    actor: TEST_ADMIN,
    participantId: holder.participantId,
    seat: { stationId: firstSeat.stationId, shift: firstSeat.shift, seatPosition: firstSeat.seatPosition },
  }).state;

  it('answers what the engine forecasts for a session sent whole, in parts', async () => {
    const answered = readBack(await thread.forecast('one', before, TEST_START_TIME), before);
    expect(answered.size).toBe(2_500);
    expect(answered).toEqual(expectedOf(before, TEST_START_TIME));
  });

  it('follows the session through a start and a pick, sent as the entries that changed', async () => {
    const now = TEST_START_TIME + 2_000;
    expect(readBack(await thread.forecast('one', started, now), started)).toEqual(expectedOf(started, now));
    const answered = readBack(await thread.forecast('one', picked, now), picked);
    expect(answered.has(holder.participantId)).toBe(false);
    expect(answered.size).toBe(2_499);
    expect(answered).toEqual(expectedOf(picked, now));
  });

  it('follows a list saved during the session', async () => {
    const now = TEST_START_TIME + 2_500;
    const saver = picked.participants[10];
    if (!saver) throw new Error('no member to save a list');
    const mostWanted = picked.participants[1]?.preferences.choices[0];
    if (!mostWanted) throw new Error('no choice to copy');
    // The engine's way with a changed member: a new object in a new list, the others kept.
    const withNewList: EngineState = {
      ...picked,
      participants: picked.participants.map((participant) =>
        participant === saver
          ? { ...saver, preferences: { ...saver.preferences, choices: [mostWanted] } }
          : participant,
      ),
    };
    const expected = expectedOf(withNewList, now);
    expect(expected.get(saver.participantId)?.choices).not.toEqual(
      expectedOf(picked, now).get(saver.participantId)?.choices,
    );
    expect(readBack(await thread.forecast('one', withNewList, now), withNewList)).toEqual(expected);
  });

  it('follows a move to the back, which changes most entries', async () => {
    const next = picked.participants[1];
    if (!next) throw new Error('no next member');
    const moved = applyOrThrow(picked, {
      type: 'move_to_back',
      now: TEST_START_TIME + 3_000,
      actor: TEST_ADMIN,
      participantId: next.participantId,
    }).state;
    const now = TEST_START_TIME + 4_000;
    expect(readBack(await thread.forecast('one', moved, now), moved)).toEqual(expectedOf(moved, now));
  });

  it('works out two sessions at once, each from its own lists', async () => {
    const other = department(40, 'two');
    const [first, second] = await Promise.all([
      thread.forecast('one', before, TEST_START_TIME),
      thread.forecast('two', other, TEST_START_TIME),
    ]);
    expect(readBack(first, before)).toEqual(expectedOf(before, TEST_START_TIME));
    expect(readBack(second, other)).toEqual(expectedOf(other, TEST_START_TIME));
  });

  it("says what the rules refuse, as the engine's forecast does", async () => {
    const empty = buildEngineState({ participants: [], seats: [] });
    const expected = forecastSession(empty, TEST_START_TIME);
    expect(expected.ok).toBe(false);
    expect(await thread.forecast('empty', empty, TEST_START_TIME)).toEqual(expected);
  });

  it('starts a new worker after the last one stopped, and sends it the whole session', async () => {
    await thread.close();
    expect(readBack(await thread.forecast('one', picked, TEST_START_TIME), picked)).toEqual(
      expectedOf(picked, TEST_START_TIME),
    );
  });
});
