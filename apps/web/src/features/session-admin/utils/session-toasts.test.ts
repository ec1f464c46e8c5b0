import { describe, expect, it } from 'vitest';
import {
  phoneInBidPlacedText,
  sessionActionFailureText,
  sessionActionSuccessText,
  sessionDeletedText,
} from './session-toasts.ts';

describe('session-admin toasts', () => {
  it('name the member moved and the session acted on', () => {
    expect(sessionActionSuccessText('move-to-back', { memberName: 'Derek Lindqvist' })).toBe(
      'Derek Lindqvist moved to the back',
    );
    expect(sessionActionSuccessText('start', { sessionName: 'Winter Bid' })).toBe(
      'Winter Bid started: the first turn is running',
    );
    expect(sessionActionFailureText('end', { sessionName: 'Winter Bid' })).toBe('Could not end Winter Bid');
    expect(sessionActionFailureText('move-to-back', { memberName: 'Derek Lindqvist' })).toBe(
      'Could not move Derek Lindqvist to the back',
    );
    expect(sessionDeletedText('Autumn Bid', true)).toBe('Autumn Bid and its results deleted');
    expect(phoneInBidPlacedText('Grace Hopper', 'Station 2 · A shift · Captain')).toBe(
      'Bid placed for Grace Hopper: Station 2 · A shift · Captain',
    );
  });

  it('still say what happened when the screen did not know whom', () => {
    expect(sessionActionSuccessText('move-to-back', {})).toBe('The turn holder moved to the back');
    expect(sessionActionSuccessText('pause', { sessionName: '  ' })).toBe(
      'The bid session paused: the turn clock is stopped',
    );
  });
});
