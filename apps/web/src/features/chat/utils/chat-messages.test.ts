import type { ChatMessage } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { describeCharacterCount, isNearBottom, mergeChatMessages } from './chat-messages.ts';

const BASE_TIME = Date.parse('2026-04-01T10:00:00.000Z');

function message(id: string, secondsAfterBase: number): ChatMessage {
  const userId = 'u1';
  return {
    _id: id,
    id,
    sessionId: 's1',
    message: `text ${id}`,
    user: { _id: userId, id: userId, firstName: 'Elena', lastName: 'Ramirez', isAdmin: false },
    timestamp: new Date(BASE_TIME + secondsAfterBase * 1000).toISOString(),
  };
}

const ids = (messages: readonly ChatMessage[]) => messages.map((entry) => entry.id);

describe('mergeChatMessages', () => {
  it('appends new messages in the server order', () => {
    const shown = [message('a', 1), message('b', 2)];
    expect(ids(mergeChatMessages(shown, [message('c', 3), message('d', 4)]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps each message once, however often a poll repeats it', () => {
    const shown = [message('a', 1), message('b', 2)];
    const merged = mergeChatMessages(shown, [message('b', 2), message('c', 2), message('c', 2)]);
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
  });

  it('answers the same array when nothing is new', () => {
    const shown = [message('a', 1)];
    expect(mergeChatMessages(shown, [message('a', 1)])).toBe(shown);
    expect(mergeChatMessages(shown, [])).toBe(shown);
  });

  it('orders by time, then by id within one instant', () => {
    const merged = mergeChatMessages([message('b', 5)], [message('c', 4), message('a', 5)]);
    expect(ids(merged)).toEqual(['c', 'a', 'b']);
  });

  it('keeps only the newest 100 by default', () => {
    const shown = Array.from({ length: 100 }, (_, index) => message(`m${String(index).padStart(3, '0')}`, index));
    const merged = mergeChatMessages(shown, [message('new1', 200), message('new2', 201)]);
    expect(merged).toHaveLength(100);
    expect(merged[0]?.id).toBe('m002');
    expect(ids(merged).slice(-2)).toEqual(['new1', 'new2']);
  });

  it('applies a given limit', () => {
    expect(ids(mergeChatMessages([message('a', 1)], [message('b', 2), message('c', 3)], 2))).toEqual(['b', 'c']);
  });
});

describe('isNearBottom', () => {
  it('is true at the bottom and within 100 px of it', () => {
    expect(isNearBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isNearBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
  });

  it('is false further up', () => {
    expect(isNearBottom({ scrollTop: 499, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
  });

  it('is true when everything fits', () => {
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 400 })).toBe(true);
  });
});

describe('describeCharacterCount', () => {
  it('says nothing far from the limit and counts from 900 on', () => {
    expect(describeCharacterCount(0)).toBeNull();
    expect(describeCharacterCount(899)).toBeNull();
    expect(describeCharacterCount(900)).toBe('900 / 1000');
    expect(describeCharacterCount(1001)).toBe('1001 / 1000');
  });
});
