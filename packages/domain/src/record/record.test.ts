import { describe, expect, it } from 'vitest';
import { checkChain, computeEntryHash, type RecordEntry } from './chain.ts';
import { checkRecordContent, recordDigestHex } from './check-record.ts';
import { canonicalJson, sha256Hex } from './hash.ts';
import { buildResultReasons } from './reasons.ts';
import { replayHistory } from './replay.ts';
import { playedSession, rewoundSession, unsignedRecordOf, vacancySession } from './test-records.ts';

describe('canonical JSON and SHA-256', () => {
  it('sorts keys, drops whitespace and prints numbers as ECMAScript does (RFC 8785)', () => {
    expect(canonicalJson({ b: [1, 2.5e-7, 'x'], a: { d: true, c: null }, 10: 1e21 })).toBe(
      '{"10":1e+21,"a":{"c":null,"d":true},"b":[1,2.5e-7,"x"]}',
    );
  });

  it('hashes UTF-8 with SHA-256 (the FIPS 180-2 "abc" vector)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

/** Changes an entry and hashes it and every entry after it again, as a forger who can hash but not sign would. */
function forge(history: RecordEntry[], sequence: number, change: (entry: RecordEntry) => RecordEntry): RecordEntry[] {
  const forged = history.map((entry) => (entry.sequence === sequence ? change(entry) : entry));
  let previousHash = forged[0]?.previousHash ?? null;
  return forged.map((entry) => {
    const rehashed = { ...entry, previousHash };
    const hash = computeEntryHash(rehashed);
    previousHash = hash;
    return { ...rehashed, hash };
  });
}

/** A record of the played session with its digest (the Ed25519 signature is packages/verify's to check). */
function recordOf(played: ReturnType<typeof playedSession>) {
  const unsigned = unsignedRecordOf(played);
  const signature = { algorithm: 'Ed25519', keyFingerprint: '0'.repeat(64), publicKey: '', value: '' };
  return JSON.parse(JSON.stringify({ ...unsigned, signature: { ...signature, digest: recordDigestHex(unsigned) } }));
}

describe('the hash chain', () => {
  it('chains every entry to the one before it, and the first to the settings', () => {
    const { history, settingsHash } = playedSession();
    expect(history.map((entry) => entry.action)).toEqual([
      'session_started',
      'bid_submitted',
      'session_paused',
      'session_resumed',
      'auto_assigned',
      'moved_to_back',
      'auto_assigned',
      'session_completed',
    ]);
    expect(history[0]?.previousHash).toBe(settingsHash);
    expect(history[1]?.previousHash).toBe(history[0]?.hash);
    expect(history.map((entry) => entry.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The command goes on each step's first entry; the last step wrote two entries.
    expect(history.map((entry) => entry.command?.type ?? null)).toEqual([
      'start',
      'bid',
      'pause',
      'resume',
      'expire',
      'expire',
      'expire',
      null,
    ]);
    expect(checkChain(history, settingsHash)).toEqual({ ok: true, length: 8, head: history[7]?.hash });
  });

  it('names the first entry whose content was changed', () => {
    const { history, settingsHash } = playedSession();
    const changed = history.map((entry) => (entry.sequence === 2 ? { ...entry, actorName: 'Someone Else' } : entry));
    const check = checkChain(changed, settingsHash);
    expect(check).toMatchObject({ ok: false, sequence: 2 });
    expect(!check.ok && check.reason).toMatch(/entry 2 \(bid_submitted at .*\) hashes to [0-9a-f]{64}, but it says/);
  });

  it('finds a removed entry and a chain hung from other settings', () => {
    const { history, settingsHash } = playedSession();
    const removed = history.filter((entry) => entry.sequence !== 3);
    expect(checkChain(removed, settingsHash)).toMatchObject({ ok: false, sequence: 4 });
    expect(checkChain(history, sha256Hex('other settings'))).toMatchObject({
      ok: false,
      sequence: 1,
      reason: expect.stringContaining('the settings were changed'),
    });
  });
});

describe('the replay', () => {
  it('reproduces every entry and the final seats from the settings and commands alone', () => {
    const played = playedSession();
    const replay = replayHistory(played.settings, played.history);
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    expect(replay.steps).toBe(7);
    expect(
      replay.state.participants.map((participant) => [participant.outcome, participant.awardedSeat?.seatId]),
    ).toEqual([
      ['bid', 's1-A-Captain-1'],
      ['auto_assigned', 's1-B-Firefighter-1'],
      ['auto_assigned', 's1-A-Firefighter-1'],
    ]);
  });

  it('says which entry the engine would have written differently, even when the chain was re-hashed', () => {
    const played = playedSession();
    const forged = forge(played.history, 5, (entry) => ({
      ...entry,
      seat: entry.seat && { ...entry.seat, seatId: 's1-A-Firefighter-2', shift: 'A' },
    }));
    expect(checkChain(forged, played.settingsHash).ok).toBe(true);
    expect(replayHistory(played.settings, forged)).toEqual({
      ok: false,
      sequence: 5,
      reason:
        'entry 5 (auto_assigned for Frankie Fire) differs: the record says Station 1, shift A, Firefighter, the replay gives Station 1, shift B, Firefighter',
    });
  });

  it('refuses a command the engine would have refused', () => {
    const played = playedSession();
    const forged = forge(played.history, 2, (entry) => ({
      ...entry,
      command: entry.command && { ...entry.command, participantId: 'p3' },
    }));
    expect(replayHistory(played.settings, forged)).toMatchObject({
      ok: false,
      sequence: 2,
      reason: expect.stringContaining('is refused on replay'),
    });
  });
});

describe('checking a whole record', () => {
  it('accepts the record of a played session and counts its awards', () => {
    const result = checkRecordContent(recordOf(playedSession()));
    expect(result).toMatchObject({
      ok: true,
      awardsReproduced: 3,
      participants: 3,
      entries: 8,
      commands: 7,
      replayed: true,
    });
  });

  it('finds a changed assignment, a changed setting and a malformed file, each with the reason', () => {
    const record = recordOf(playedSession());
    const movedSeat = JSON.parse(JSON.stringify(record));
    movedSeat.assignments[2].seat.shift = 'C';
    expect(checkRecordContent(movedSeat)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(
        'Sam Slow holds Station 1, shift C, Firefighter in the record, but the replay gives Station 1, shift A, Firefighter',
      ),
    });

    const olderMember = JSON.parse(JSON.stringify(record));
    olderMember.settings.state.participants[2].yearsOfService = 30;
    expect(checkRecordContent(olderMember)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the settings were changed'),
    });

    const noHash = JSON.parse(JSON.stringify(record));
    delete noHash.history[3].hash;
    expect(checkRecordContent(noHash)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^this is not a StationBid session record: history\.3\.hash: /),
    });
  });

  it('finds a change outside the chain through the signed digest', () => {
    const record = recordOf(playedSession());
    record.session.name = 'Another bid';
    expect(checkRecordContent(record)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('but its signature covers'),
    });
  });
});

describe('the record of a rewound session', () => {
  it('replays the rewind, and keeps the undone award in the history beside the award that stands', () => {
    const played = rewoundSession();
    expect(played.history.map((entry) => [entry.action, entry.userName])).toContainEqual([
      'turn_undone',
      'Frankie Fire',
    ]);
    expect(replayHistory(played.settings, played.history)).toMatchObject({ ok: true, steps: 7 });
    expect(checkRecordContent(recordOf(played))).toMatchObject({ ok: true, awardsReproduced: 3, replayed: true });
    const reasons = buildResultReasons({ settings: played.settings, history: played.history, timeZone: 'UTC' });
    expect(reasons.get('p2')?.text).toBe(
      'A rewind at 14:03 UTC undid your turn (Station 1, A, Firefighter): Frankie asked for B shift on the phone. ' +
        'Your first choice (Station 1, B, Firefighter) was free, and you bid it at 14:04 UTC.',
    );
  });

  it('finds a rewind whose reason or target was changed after the fact', () => {
    const played = rewoundSession();
    const rewind = played.history.find((entry) => entry.command?.type === 'rewind') as RecordEntry;
    const otherTarget = forge(played.history, rewind.sequence, (entry) => ({
      ...entry,
      command: entry.command && { ...entry.command, participantId: 'p1' },
    }));
    expect(replayHistory(played.settings, otherTarget)).toMatchObject({ ok: false, sequence: rewind.sequence });
    const otherReason = forge(played.history, rewind.sequence, (entry) => ({
      ...entry,
      command: entry.command && { ...entry.command, reason: 'No reason' },
    }));
    expect(replayHistory(played.settings, otherReason)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('differs'),
    });
  });
});

describe('the record of a vacancy bid', () => {
  it('replays the chain of moves, each naming the seat it opened, and reproduces the awards', () => {
    const played = vacancySession();
    expect(played.state.session.status).toBe('completed');
    const moves = played.history
      .filter((entry) => entry.action === 'bid_submitted')
      .map((entry) => [
        entry.userName,
        entry.seat?.stationNumber,
        (entry.details.opened as { stationNumber: number }).stationNumber,
      ]);
    expect(moves).toEqual([
      ['Frankie Fire', 1, 3],
      ['Casey Hale', 3, 2],
    ]);
    expect(replayHistory(played.settings, played.history)).toMatchObject({ ok: true });
    expect(checkRecordContent(recordOf(played))).toMatchObject({ ok: true, awardsReproduced: 2, replayed: true });
  });

  it('is refused when the settings no longer say it was a vacancy bid', () => {
    const played = vacancySession();
    const asStandard = {
      ...played.settings,
      state: { ...played.settings.state, session: { ...played.settings.state.session, vacancy: false } },
    };
    expect(replayHistory(asStandard, played.history)).toMatchObject({ ok: false });
  });
});
