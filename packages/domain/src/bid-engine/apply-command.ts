/**
 * The bid engine's state machine (bidding-rules.md, "Session lifecycle", "A turn" and "When a turn's
 * deadline passes"): one command in, the new state and its events out, or a refusal. Pure: the time
 * is the command's `now`, and the input state is never mutated.
 *
 * This file only dispatches: each command is its own module in commands/, the checks they share
 * are in engine-checks.ts, how turns follow one another in turn-flow.ts, and the step's working
 * copy in session-step.ts.
 */
import { bid } from './commands/bid.ts';
import { end } from './commands/end.ts';
import { expire } from './commands/expire.ts';
import { moveToBack } from './commands/move-to-back.ts';
import { pause, resume } from './commands/pause-resume.ts';
import { rewind } from './commands/rewind.ts';
import { skip } from './commands/skip.ts';
import { start } from './commands/start.ts';
import type { EngineCommand, EngineResult, EngineState } from './types.ts';

export { getTurnHolder, turnDeadlineFor } from './turn-flow.ts';

/**
 * Applies one command. A refusal leaves the state as it was. An `expire` before the deadline (or on a
 * session that is not running) answers ok with the very same state object and no events, which the
 * server reads as "nothing happened".
 */
export function applyCommand(state: EngineState, command: EngineCommand): EngineResult {
  const ordered = inQueueOrder(state);
  switch (command.type) {
    case 'start':
      return start(ordered, command.now, command.actor);
    case 'pause':
      return pause(ordered, command.now, command.actor);
    case 'resume':
      return resume(ordered, command.now, command.actor);
    case 'end':
      return end(ordered, command.now, command.actor);
    case 'bid':
      return bid(ordered, command.now, command.actor, command.participantId, command.seat);
    case 'skip':
      return skip(ordered, command.now, command.actor, command.participantId);
    case 'move_to_back':
      return moveToBack(ordered, command.now, command.actor, command.participantId);
    case 'expire':
      return expire(ordered, command.now) ?? { ok: true, state, events: [] };
    case 'rewind':
      return rewind(ordered, command.now, command.actor, command);
  }
}

/** The participants by queue position, as the contract stores them; sorts a copy if they came unsorted. */
export function inQueueOrder(state: EngineState): EngineState {
  const isSorted = state.participants.every((participant, index) => participant.queuePosition === index);
  if (isSorted) return state;
  return { ...state, participants: [...state.participants].sort((a, b) => a.queuePosition - b.queuePosition) };
}
