import { describe, expect, it } from 'vitest';
import { applyCommand } from '../bid-engine/apply-command.ts';
import { buildEngineState, buildStationSeats, TEST_ADMIN, TEST_START_TIME } from '../bid-engine/test-builders.ts';
import type { EngineCommand, EngineState } from '../bid-engine/types.ts';
import { SENIORITY_RULE_PRESETS, type SeniorityRule } from '../seniority-rule.ts';
import { buildUnsignedRecord } from './build-record.ts';
import {
  buildRecordSettings,
  type ChainHead,
  chainStep,
  hashSettings,
  type RecordEntry,
  toRecordCommand,
} from './chain.ts';
import { checkRecordContent, recordDigestHex } from './check-record.ts';

const TIME_IN_RANK = SENIORITY_RULE_PRESETS.find((preset) => preset.id === 'timeInRank')!.rule;

/** Three firefighters of equal score; the one promoted first and the lower list number of a same-day class bid first. */
function department(order: readonly string[]): EngineState {
  const keys: Record<string, { rankDate: string; listNumber: number; hireDate: string }> = {
    early: { rankDate: '2014-03-02', listNumber: 3, hireDate: '2009-01-01' },
    'same-day': { rankDate: '2014-03-02', listNumber: 12, hireDate: '2008-01-01' },
    late: { rankDate: '2019-06-01', listNumber: 1, hireDate: '2005-01-01' },
  };
  return buildEngineState({
    seats: buildStationSeats({ stationId: 's1', stationNumber: 1, seats: { A: { Firefighter: 3 } } }),
    participants: order.map((id) => ({ participantId: id, name: id, ...keys[id] })),
  });
}

function recordOf(initial: EngineState, seniorityRule: SeniorityRule | null) {
  const settings = buildRecordSettings({
    sessionId: 'session-1',
    name: 'Annual bid',
    year: 2025,
    tieBreakChain: ['yearsOfService', 'employeeId'],
    randomSeed: 'seed',
    seniorityRule,
    state: initial,
  });
  const settingsHash = hashSettings(settings);
  let head: ChainHead = { hash: settingsHash, length: 0 };
  let state = initial;
  const history: RecordEntry[] = [];
  const commands: EngineCommand[] = [
    { type: 'start', now: TEST_START_TIME, actor: TEST_ADMIN },
    { type: 'end', now: TEST_START_TIME + 1000, actor: TEST_ADMIN },
  ];
  for (const command of commands) {
    const result = applyCommand(state, command);
    if (!result.ok) throw new Error(result.refusal.message);
    const drafts = result.events.flatMap((event) => (event.kind === 'history' ? [event.entry] : []));
    const step = chainStep(head, drafts, toRecordCommand(command, state));
    history.push(...step.entries.map((entry) => ({ ...entry.content, hash: entry.hash })));
    head = step.head;
    state = result.state;
  }
  const unsigned = buildUnsignedRecord({
    generatedAt: new Date(TEST_START_TIME + 2000).toISOString(),
    session: {
      id: 'session-1',
      name: 'Annual bid',
      year: 2025,
      status: 'completed',
      actualStart: new Date(TEST_START_TIME).toISOString(),
      actualEnd: new Date(TEST_START_TIME + 1000).toISOString(),
    },
    settings,
    settingsHash,
    history,
    unchainedHistory: [],
    timeZone: 'UTC',
    assignments: state.participants.map((participant) => ({
      participantId: participant.participantId,
      name: participant.name,
      employeeId: participant.employeeId,
      bidPriority: participant.bidPriority,
      queuePosition: participant.queuePosition,
      outcome: participant.outcome,
      seat: participant.awardedSeat,
    })),
  });
  const signature = { algorithm: 'Ed25519', keyFingerprint: '0'.repeat(64), publicKey: '', value: '' };
  return JSON.parse(JSON.stringify({ ...unsigned, signature: { ...signature, digest: recordDigestHex(unsigned) } }));
}

describe('a record frozen with the department seniority rule', () => {
  it('checks the order with the frozen rule and the frozen keys', () => {
    const record = recordOf(department(['early', 'same-day', 'late']), TIME_IN_RANK);
    expect(record.settings.seniorityRule).toEqual(TIME_IN_RANK);
    expect(checkRecordContent(record)).toMatchObject({ ok: true, participants: 3 });
  });

  it('finds an order the rule does not give, and names the rule and the keys', () => {
    const record = recordOf(department(['same-day', 'early', 'late']), TIME_IN_RANK);
    expect(checkRecordContent(record)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(
        'early (E-early) has bid priority 2, but the seniority rule (rankDate asc, listNumber asc, hireDate asc, lottery asc) and their frozen keys (hire date 2009-01-01, date in rank 2014-03-02, list number 3) put them at 1',
      ),
    });
  });

  it('without a rule in the settings, orders by score and the tie-break chain as before', () => {
    const record = recordOf(department(['early', 'same-day', 'late']), null);
    expect(record.settings).not.toHaveProperty('seniorityRule');
    // Equal scores and years: employee ID decides (E-early, E-late, E-same-day), which this queue is not.
    expect(checkRecordContent(record)).toMatchObject({ ok: false, reason: expect.stringContaining('tie-break chain') });
  });
});
