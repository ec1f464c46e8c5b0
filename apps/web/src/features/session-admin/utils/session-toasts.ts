/**
 * What the administrators' toasts say: who and what, never "User moved to back of queue
 * successfully". Each names the session or the member the action was about, so a toast read a few
 * seconds late (or by a screen reader after another) still says which one.
 */
import type { SessionAction } from './session-actions.ts';

/** Whom an action was about, as far as the screen knows them. */
export interface SessionActionSubject {
  sessionName?: string | null | undefined;
  /** Move to back: the member moved. */
  memberName?: string | null | undefined;
}

const sessionOf = (subject: SessionActionSubject) => subject.sessionName?.trim() || 'The bid session';
const memberOf = (subject: SessionActionSubject) => subject.memberName?.trim() || 'The turn holder';

export function sessionActionSuccessText(action: SessionAction, subject: SessionActionSubject): string {
  switch (action) {
    case 'start':
      return `${sessionOf(subject)} started: the first turn is running`;
    case 'pause':
      return `${sessionOf(subject)} paused: the turn clock is stopped`;
    case 'resume':
      return `${sessionOf(subject)} resumed: the turn clock is running again`;
    case 'end':
      return `${sessionOf(subject)} ended`;
    case 'move-to-back':
      return `${memberOf(subject)} moved to the back`;
  }
}

export function sessionActionFailureText(action: SessionAction, subject: SessionActionSubject): string {
  const session = subject.sessionName?.trim() || 'the bid session';
  switch (action) {
    case 'start':
      return `Could not start ${session}`;
    case 'pause':
      return `Could not pause ${session}`;
    case 'resume':
      return `Could not resume ${session}`;
    case 'end':
      return `Could not end ${session}`;
    case 'move-to-back':
      return `Could not move ${subject.memberName?.trim() || 'the turn holder'} to the back`;
  }
}

export const sessionCreatedText = (name: string) => `${name} created`;
export const sessionSavedText = (name: string) => `Changes to ${name} saved`;
export const sessionDeletedText = (name: string, wasCompleted: boolean) =>
  wasCompleted ? `${name} and its results deleted` : `${name} deleted`;

/** "Bid placed for Grace Hopper: Station 2 · A shift · Captain". */
export const phoneInBidPlacedText = (memberName: string, seat: string) => `Bid placed for ${memberName}: ${seat}`;
