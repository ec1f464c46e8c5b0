import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES,
  chatHistoryQuerySchema,
  countMessageCharacters,
  markChatReadRequestSchema,
  sendChatMessageRequestSchema,
} from './chat.ts';

const SESSION_ID = '5e550000-0000-4000-8000-000000000007';

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('sendChatMessageRequestSchema', () => {
  it('trims the message and accepts 1 to 1,000 characters', () => {
    expect(sendChatMessageRequestSchema.parse({ sessionId: SESSION_ID, message: '  hi  ' }).message).toBe('hi');
    const longest = 'x'.repeat(1000);
    expect(sendChatMessageRequestSchema.parse({ sessionId: SESSION_ID, message: ` ${longest} ` }).message).toBe(
      longest,
    );
  });

  it('refuses blank and too long messages with clear words', () => {
    for (const message of ['', '   ', undefined]) {
      expect(firstError(sendChatMessageRequestSchema.safeParse({ sessionId: SESSION_ID, message }))).toBe(
        CHAT_MESSAGES.messageRequired,
      );
    }
    expect(
      firstError(sendChatMessageRequestSchema.safeParse({ sessionId: SESSION_ID, message: 'x'.repeat(1001) })),
    ).toBe('Message must be at most 1,000 characters');
  });

  it('counts characters as a person does', () => {
    expect(countMessageCharacters('🚒🚒')).toBe(2);
    expect(sendChatMessageRequestSchema.safeParse({ sessionId: SESSION_ID, message: '🚒'.repeat(1000) }).success).toBe(
      true,
    );
  });
});

describe('markChatReadRequestSchema', () => {
  it('takes 1 to 100 message ids', () => {
    const ids = (count: number) => Array.from({ length: count }, () => SESSION_ID);
    expect(markChatReadRequestSchema.safeParse({ sessionId: SESSION_ID, messageIds: ids(100) }).success).toBe(true);
    expect(firstError(markChatReadRequestSchema.safeParse({ sessionId: SESSION_ID, messageIds: [] }))).toBe(
      CHAT_MESSAGES.messageIdsRequired,
    );
    expect(firstError(markChatReadRequestSchema.safeParse({ sessionId: SESSION_ID, messageIds: ids(101) }))).toBe(
      CHAT_MESSAGES.messageIdsTooMany,
    );
  });
});

describe('chatHistoryQuerySchema', () => {
  it('defaults to 50 and accepts 1 to 100', () => {
    expect(chatHistoryQuerySchema.parse({}).limit).toBe(50);
    expect(chatHistoryQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(chatHistoryQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(chatHistoryQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
