/**
 * POST /bid-sessions/:id/rewind and GET /bid-sessions/:id/rewind-preview (docs/api.md,
 * "bid-sessions"; bidding-rules.md, "Rewind"). The preview runs the very rewind the engine would
 * run, on the state as it stands, and tells who it would affect; nothing is written.
 */
import { z } from 'zod';
import { applyCommand, getTurnHolder } from '../bid-engine/apply-command.ts';
import { applyCorrections, seniorMostMovedPlace } from '../bid-engine/commands/rewind.ts';
import {
  type Actor,
  type EngineParticipant,
  type EngineState,
  PARTICIPANT_OUTCOMES,
  type SeatRef,
  type SeniorityCorrection,
} from '../bid-engine/types.ts';
import { SEAT_POSITIONS, SHIFTS } from '../constants.ts';

export const REWIND_REASON_MAX_LENGTH = 500;

export const rewindRequestSchema = z.object({
  /** The member whose turn bidding begins again from. */
  toUserId: z.uuid({ error: 'Choose the member to rewind to' }),
  reason: z
    .string({ error: 'Say why the bid is rewound' })
    .trim()
    .min(1, 'Say why the bid is rewound: everyone whose turn is undone reads it')
    .max(REWIND_REASON_MAX_LENGTH, `At most ${REWIND_REASON_MAX_LENGTH} characters`),
});
export type RewindRequest = z.infer<typeof rewindRequestSchema>;

export const rewindPreviewQuerySchema = z.object({ toUserId: z.uuid().optional() });

const previewSeatSchema = z.object({
  stationNumber: z.number().int(),
  stationName: z.string(),
  shift: z.enum(SHIFTS),
  position: z.enum(SEAT_POSITIONS),
});

const placeMoveSchema = z.object({
  userId: z.string().nullable(),
  name: z.string(),
  /** The place in the session's order before the correction, and with it. */
  from: z.number().int(),
  to: z.number().int(),
});

export const rewindPreviewSchema = z.object({
  sessionId: z.string(),
  /** Places that members' corrected seniority data would move, most senior first. */
  corrections: z.array(placeMoveSchema),
  /** The member now at the most senior place a correction moves: the rewind can begin no later. */
  seniorMostMoved: placeMoveSchema.nullable(),
  /** The member asked about, or null when the preview was asked for without one. */
  target: z.object({ userId: z.string().nullable(), name: z.string(), bidPriority: z.number().int() }).nullable(),
  /** Everyone whose turn the rewind would undo, in the order they bid. */
  affected: z.array(
    z.object({
      userId: z.string().nullable(),
      name: z.string(),
      bidPriority: z.number().int(),
      outcome: z.enum(PARTICIPANT_OUTCOMES).nullable(),
      /** The seat their undone turn won, or null. */
      seat: previewSeatSchema.nullable(),
      /** The seat they would hold again (the one they held at the start), when an award is undone. */
      returnsTo: previewSeatSchema.nullable(),
      /** Moved to the back before the member's turn: they keep that second chance. */
      keepsSecondChance: z.boolean(),
    }),
  ),
  /** Whose turn would begin. */
  resumesWith: z.object({ userId: z.string().nullable(), name: z.string() }).nullable(),
  /** Why the engine would refuse this rewind, or null. */
  refusal: z.string().nullable(),
});
export type RewindPreview = z.infer<typeof rewindPreviewSchema>;
export const rewindPreviewResponseSchema = z.object({ preview: rewindPreviewSchema });

const previewSeat = (seat: SeatRef | null | undefined) =>
  seat
    ? {
        stationNumber: seat.stationNumber,
        stationName: seat.stationName,
        shift: seat.shift,
        position: seat.seatPosition,
      }
    : null;

const placeMove = (participant: EngineParticipant, from: number) => ({
  userId: participant.memberId,
  name: participant.name,
  from,
  to: participant.bidPriority,
});

/**
 * What a rewind to `participantId` would do now, from the state the rewind would read (with the
 * seats held at the start), by the engine itself. Without a participant, only the corrections.
 */
export function previewRewind(input: {
  sessionId: string;
  state: EngineState;
  participantId: string | null;
  corrections: readonly SeniorityCorrection[];
  actor: Actor;
  now: number;
}): RewindPreview {
  const { state, corrections } = input;
  const corrected = applyCorrections(state.participants, corrections) ?? [...state.participants];
  const placeBefore = new Map(
    state.participants.map((participant) => [participant.participantId, participant.bidPriority]),
  );
  const moves = corrected
    .flatMap((participant) => {
      const from = placeBefore.get(participant.participantId) as number;
      return from === participant.bidPriority ? [] : [placeMove(participant, from)];
    })
    .sort((a, b) => a.to - b.to);
  const moved = seniorMostMovedPlace(state.participants, corrected);
  const preview: RewindPreview = {
    sessionId: input.sessionId,
    corrections: moves,
    seniorMostMoved: moved ? placeMove(moved.participant, moved.from) : null,
    target: null,
    affected: [],
    resumesWith: null,
    refusal: null,
  };
  if (input.participantId === null) return preview;
  const target = corrected.find((participant) => participant.participantId === input.participantId);
  if (target) preview.target = { userId: target.memberId, name: target.name, bidPriority: target.bidPriority };
  const result = applyCommand(state, {
    type: 'rewind',
    now: input.now,
    actor: input.actor,
    participantId: input.participantId,
    reason: 'preview',
    ...(corrections.length > 0 ? { corrections } : {}),
  });
  if (!result.ok) return { ...preview, refusal: result.refusal.message };
  const byId = new Map(state.participants.map((participant) => [participant.participantId, participant]));
  for (const event of result.events) {
    if (event.kind !== 'history' || event.entry.action !== 'turn_undone' || !event.entry.participantId) continue;
    const participant = byId.get(event.entry.participantId) as EngineParticipant;
    const { details } = event.entry;
    preview.affected.push({
      userId: participant.memberId,
      name: participant.name,
      bidPriority: event.entry.bidPriority ?? participant.bidPriority,
      outcome: participant.outcome,
      seat: previewSeat(event.entry.seat),
      returnsTo: previewSeat(details.returnedTo as SeatRef | null | undefined),
      keepsSecondChance: details.secondChanceKept === true,
    });
  }
  const holder = getTurnHolder(result.state);
  preview.resumesWith = holder ? { userId: holder.memberId, name: holder.name } : null;
  return preview;
}

/** The history actions of a turn that a later rewind can undo. */
const TURN_ACTIONS = new Set(['bid_submitted', 'auto_assigned', 'turn_skipped', 'moved_to_back']);

/**
 * Which history entries a later rewind undid, by index: each "turn_undone" undoes its participant's
 * earlier award, pass or move to the back (not the move when they kept that second chance). The
 * entries stay in the history; the screens mark them.
 */
export function findUndoneEntries(
  entries: readonly { action: string; participantId: string | null; details: Readonly<Record<string, unknown>> }[],
): Set<number> {
  const undone = new Set<number>();
  const open = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    if (!entry.participantId) return;
    if (TURN_ACTIONS.has(entry.action)) {
      const list = open.get(entry.participantId) ?? [];
      list.push(index);
      open.set(entry.participantId, list);
      return;
    }
    if (entry.action !== 'turn_undone') return;
    const keepsMove = entry.details.secondChanceKept === true;
    const remaining: number[] = [];
    for (const earlier of open.get(entry.participantId) ?? []) {
      if (keepsMove && entries[earlier]?.action === 'moved_to_back') remaining.push(earlier);
      else undone.add(earlier);
    }
    open.set(entry.participantId, remaining);
  });
  return undone;
}
