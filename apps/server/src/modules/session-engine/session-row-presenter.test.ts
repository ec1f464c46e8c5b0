/**
 * The pure shaping of session rows (session-row-presenter.ts): a participant as the API shows
 * them, the turn holder and next in line, and a history entry. Rows carry only what is read here.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryRow, ParticipantRow, SessionRow } from './bid-sessions.repository.ts';
import type { ParticipantView } from './participant-views.repository.ts';
import {
  CONNECTED_WITHIN_MS,
  countParticipants,
  findTurnAndNext,
  presentHistoryEntry,
  presentParticipant,
  secondsFromMilliseconds,
} from './session-row-presenter.ts';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const session = { id: 's1', status: 'active', currentParticipant: 2 } as SessionRow;

function view(values: Partial<ParticipantRow> = {}, seenAt: Date | null = null): ParticipantView {
  return {
    participant: {
      id: 'p1',
      sessionId: 's1',
      memberId: 'm1',
      firstName: 'Jo',
      lastName: 'Reyes',
      employeeId: 'E-1',
      rank: 'Firefighter',
      position: 'Firefighter',
      yearsOfService: 4,
      seniorityScore: 40,
      bidPriority: 1,
      queuePosition: 0,
      movedToBack: false,
      turnStartedAt: null,
      turnDeadline: null,
      outcome: null,
      assignedStationId: null,
      assignedStationName: null,
      assignedStationNumber: null,
      assignedShift: null,
      assignedSeatPosition: null,
      joinedAt: null,
      lastSeenAt: null,
      ...values,
    } as ParticipantRow,
    member: { isAdmin: false, email: 'jo@example.com', lastSeenAt: seenAt },
    currentSeat: null,
  };
}

describe('a participant as the API shows them', () => {
  it('holds the turn at the session turn, and is connected only when joined and seen lately', () => {
    const seen = new Date(NOW.getTime() - CONNECTED_WITHIN_MS + 1000);
    const holder = presentParticipant(view({ queuePosition: 1, joinedAt: seen }, seen), [], session, NOW);
    expect(holder).toMatchObject({ position: 1, isCurrentTurn: true, isConnected: true, hasBid: false });
    const notJoined = presentParticipant(view({ queuePosition: 1 }, seen), [], session, NOW);
    expect(notJoined.isConnected).toBe(false);
    const paused = presentParticipant(view({ queuePosition: 1 }), [], { ...session, status: 'completed' }, NOW);
    expect(paused.isCurrentTurn).toBe(false);
  });

  it('shows the seat won only with an award and a station, keeping the name of a station deleted since', () => {
    const awarded = presentParticipant(
      view({
        outcome: 'bid',
        assignedStationId: null,
        assignedStationName: 'Old Central',
        assignedStationNumber: 9,
        assignedShift: 'B',
        assignedSeatPosition: 'Captain',
      }),
      [],
      session,
      NOW,
    );
    expect(awarded).toMatchObject({
      hasBid: true,
      assignedStation: { id: '', name: 'Old Central', number: 9 },
      assignedShift: 'B',
      assignedPosition: 'Captain',
    });
    expect(presentParticipant(view({ outcome: 'skipped' }), [], session, NOW).hasBid).toBe(false);
  });
});

describe('a session turn and counts', () => {
  it('finds the turn holder and the next waiting participant, none while the session is not running', () => {
    const ordered = [0, 1, 2, 3].map((place) =>
      presentParticipant(
        view({ id: `p${place}`, queuePosition: place, outcome: place === 2 ? 'skipped' : null }),
        [],
        session,
        NOW,
      ),
    );
    const { currentTurn, nextParticipant } = findTurnAndNext(session, ordered);
    expect(currentTurn?.id).toBe('p1');
    expect(nextParticipant?.id).toBe('p3');
    expect(findTurnAndNext({ ...session, status: 'scheduled' }, ordered)).toEqual({
      currentTurn: null,
      nextParticipant: null,
    });
    expect(countParticipants(ordered)).toEqual({ total: 4, done: 1, movedToBack: 0 });
  });

  it('rounds time left up to whole seconds, so a turn with any time left never shows 0', () => {
    expect(secondsFromMilliseconds(1)).toBe(1);
    expect(secondsFromMilliseconds(-500)).toBe(0);
  });
});

describe('a history entry', () => {
  it('carries its facts, the text the spec client renders, and the details as data', () => {
    const entry = presentHistoryEntry({
      id: 7,
      action: 'bid_submitted',
      userName: 'Jo Reyes',
      actorName: 'Jo Reyes',
      stationName: 'Central',
      stationNumber: 1,
      shift: 'A',
      seatPosition: 'Firefighter',
      bidPriority: 1,
      details: { proxy: false },
      createdAt: NOW,
    } as unknown as HistoryRow);
    expect(entry).toMatchObject({
      id: '7',
      _id: '7',
      action: 'bid_submitted',
      position: 'Firefighter',
      timestamp: NOW.toISOString(),
      detailsData: { proxy: false },
    });
    expect(entry.details).toEqual(expect.any(String));
  });
});
