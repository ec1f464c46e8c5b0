/**
 * Session chat through the API: who may read and post (participants and administrators; others
 * 403, drafts 404 for members), the message limits, plain text kept verbatim, ordering, polling
 * with ?after=, history limits, and read receipts with the unread count.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { CHAT_MESSAGES, CHAT_RATE_LIMIT, type ChatMessage, LIMITS } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, members } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import {
  completeRunningSessions,
  createSessionWithMembers,
  createStationWithSeats,
  startSession,
} from '../session-engine/test-sessions.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let context: TestContext;
let admin: SignedIn;

interface Person {
  id: string;
  auth: SignedIn;
}

beforeAll(async () => {
  context = await createTestContext();
  const adminRow = await createAdmin(context, { firstName: 'Ada', lastName: 'Chief' });
  admin = await signIn(context, adminRow.email);
  await createStationWithSeats(context.db, { A: { Firefighter: 5 } });
});
afterAll(async () => context?.close());

async function createPerson(values: Parameters<typeof createMember>[1] = {}): Promise<Person> {
  const row = await createMember(context, values);
  return { id: row.id, auth: await signIn(context, row.email) };
}

/** A started session of two new participants; the turn clock is not ticked, so it stays active. */
async function startChatSession(): Promise<{ sessionId: string; first: Person; second: Person }> {
  await completeRunningSessions(context.db);
  const first = await createPerson({ firstName: 'Elena', lastName: 'Ramirez' });
  const second = await createPerson({ firstName: 'Marcus', lastName: 'Chen' });
  const sessionId = await startSession(context, admin, { participantIds: [first.id, second.id] });
  return { sessionId, first, second };
}

/** Sends a message as `who`, one second after the previous one so that the order is the send order. */
async function send(who: SignedIn, sessionId: string, message: string) {
  context.clock.advance(1000);
  return injectAs(context, who, { method: 'POST', url: '/api/chat/send', payload: { sessionId, message } });
}

async function sendOk(who: SignedIn, sessionId: string, message: string): Promise<ChatMessage> {
  const response = await send(who, sessionId, message);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ message: ChatMessage }>().message;
}

async function readMessages(who: SignedIn, sessionId: string, query = ''): Promise<ChatMessage[]> {
  const response = await injectAs(context, who, {
    method: 'GET',
    url: `/api/chat/session/${sessionId}/messages${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ messages: ChatMessage[] }>().messages;
}

async function unreadCount(who: SignedIn, sessionId: string): Promise<number> {
  const response = await injectAs(context, who, { method: 'GET', url: `/api/chat/session/${sessionId}/unread-count` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ unreadCount: number }>().unreadCount;
}

describe('who may chat', () => {
  it('refuses every call without a token (401)', async () => {
    const { sessionId } = await startChatSession();
    const calls = [
      { method: 'GET' as const, url: `/api/chat/session/${sessionId}/messages` },
      { method: 'GET' as const, url: `/api/chat/session/${sessionId}/history` },
      { method: 'GET' as const, url: `/api/chat/session/${sessionId}/unread-count` },
      { method: 'POST' as const, url: '/api/chat/send', payload: { sessionId, message: 'hi' } },
      { method: 'POST' as const, url: '/api/chat/mark-read', payload: { sessionId, messageIds: [UNKNOWN_ID] } },
    ];
    for (const call of calls) {
      const response = await context.app.inject(call);
      expect(response.statusCode, call.url).toBe(401);
    }
  });

  it('lets participants and administrators read and post', async () => {
    const { sessionId, first } = await startChatSession();
    const fromMember = await sendOk(first.auth, sessionId, 'Good luck everyone');
    expect(fromMember.user).toEqual({
      _id: first.id,
      id: first.id,
      firstName: 'Elena',
      lastName: 'Ramirez',
      isAdmin: false,
    });
    const fromAdmin = await sendOk(admin, sessionId, 'Bidding is open');
    expect(fromAdmin.user).toMatchObject({ firstName: 'Ada', lastName: 'Chief', isAdmin: true });
    expect(fromAdmin.timestamp).toBe(context.clock.now().toISOString());

    expect((await readMessages(admin, sessionId)).map((message) => message.message)).toEqual([
      'Good luck everyone',
      'Bidding is open',
    ]);
    expect((await readMessages(first.auth, sessionId)).map((message) => message.id)).toEqual([
      fromMember.id,
      fromAdmin.id,
    ]);
  });

  it('refuses a member who is not a participant (403) on every call', async () => {
    const { sessionId, first } = await startChatSession();
    const message = await sendOk(first.auth, sessionId, 'only for us');
    const outsider = await createPerson();
    const calls = [
      { method: 'GET' as const, url: `/api/chat/session/${sessionId}/messages` },
      { method: 'GET' as const, url: `/api/chat/session/${sessionId}/history` },
      { method: 'GET' as const, url: `/api/chat/session/${sessionId}/unread-count` },
      { method: 'POST' as const, url: '/api/chat/send', payload: { sessionId, message: 'let me in' } },
      { method: 'POST' as const, url: '/api/chat/mark-read', payload: { sessionId, messageIds: [message.id] } },
    ];
    for (const call of calls) {
      const response = await injectAs(context, outsider.auth, call);
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', error: 'You are not a participant in this session' });
    }
    expect((await readMessages(admin, sessionId)).map((row) => row.message)).toEqual(['only for us']);
  });

  it('answers 404 for an unknown session, and for a draft to its own members', async () => {
    const member = await createPerson();
    for (const who of [admin, member.auth]) {
      const response = await injectAs(context, who, { method: 'GET', url: `/api/chat/session/${UNKNOWN_ID}/messages` });
      expect(response.statusCode).toBe(404);
      const sent = await injectAs(context, who, {
        method: 'POST',
        url: '/api/chat/send',
        payload: { sessionId: UNKNOWN_ID, message: 'anyone?' },
      });
      expect(sent.statusCode).toBe(404);
    }

    const participantRow = await createMember(context);
    const participant = await signIn(context, participantRow.email);
    const { session } = await createSessionWithMembers(context, admin, { members: [participantRow] });
    expect(session.status).toBe('draft');
    const asMember = await injectAs(context, participant, {
      method: 'GET',
      url: `/api/chat/session/${session.id}/messages`,
    });
    expect(asMember.statusCode).toBe(404);
    expect(asMember.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Session not found' });
    expect((await send(participant, session.id, 'early')).statusCode).toBe(404);
    // Administrators prepare a draft and may already leave a note in it.
    expect((await send(admin, session.id, 'Draft note')).statusCode).toBe(201);
  });

  it('answers 400 for a session id that is not a UUID', async () => {
    const response = await injectAs(context, admin, { method: 'GET', url: '/api/chat/session/not-an-id/messages' });
    expect(response.statusCode).toBe(400);
  });
});

describe('sending', () => {
  it(`limits a member to ${CHAT_RATE_LIMIT.messages} messages in ${CHAT_RATE_LIMIT.windowSeconds} s, with a clear 429 and Retry-After (issue 13, finding 8)`, async () => {
    const { sessionId, first, second } = await startChatSession();
    const post = (who: SignedIn, message: string) =>
      injectAs(context, who, { method: 'POST', url: '/api/chat/send', payload: { sessionId, message } });
    for (let index = 0; index < CHAT_RATE_LIMIT.messages; index++) {
      expect((await post(first.auth, `message ${index}`)).statusCode).toBe(201);
      context.clock.advance(100);
    }
    const flooded = await post(first.auth, 'one too many');
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', error: CHAT_MESSAGES.tooManyMessages });
    expect(Number(flooded.headers['retry-after'])).toBe(CHAT_RATE_LIMIT.windowSeconds - 1);
    // The other participant is not slowed down by it.
    expect((await post(second.auth, 'my turn')).statusCode).toBe(201);
    // As the oldest messages leave the window (10.1 s after the first), as many go through again.
    context.clock.advance(CHAT_RATE_LIMIT.windowSeconds * 1000 - 900);
    expect((await post(first.auth, 'later')).statusCode).toBe(201);
    expect((await post(first.auth, 'later again')).statusCode).toBe(201);
    expect((await post(first.auth, 'too soon again')).statusCode).toBe(429);
  });

  it(`stores exactly ${CHAT_RATE_LIMIT.messages} of 60 simultaneous sends and answers the other 50 with a clear 429`, async () => {
    // On PostgreSQL the sends run on separate connections at the same time; each used to count the
    // member's messages before any of the others had written, so all 60 were stored.
    const { sessionId, first } = await startChatSession();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        injectAs(context, first.auth, {
          method: 'POST',
          url: '/api/chat/send',
          payload: { sessionId, message: `all at once ${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CHAT_RATE_LIMIT.messages);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(60 - CHAT_RATE_LIMIT.messages);
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', error: CHAT_MESSAGES.tooManyMessages });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const stored = await context.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(stored).toHaveLength(CHAT_RATE_LIMIT.messages);
    expect(await readMessages(admin, sessionId)).toHaveLength(CHAT_RATE_LIMIT.messages);
  });

  it('accepts 1,000 characters and refuses 1,001 with a clear message', async () => {
    const { sessionId, first } = await startChatSession();
    const longest = 'x'.repeat(LIMITS.chatMessageMaxLength);
    expect((await sendOk(first.auth, sessionId, longest)).message).toBe(longest);

    const tooLong = await send(first.auth, sessionId, `${longest}y`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: CHAT_MESSAGES.messageTooLong });
    expect(CHAT_MESSAGES.messageTooLong).toBe('Message must be at most 1,000 characters');
  });

  it('counts an emoji as one character, as the database does', async () => {
    const { sessionId, first } = await startChatSession();
    const emojis = '🚒'.repeat(LIMITS.chatMessageMaxLength);
    expect((await sendOk(first.auth, sessionId, emojis)).message).toBe(emojis);
    expect((await send(first.auth, sessionId, `${emojis}🚒`)).statusCode).toBe(400);
  });

  it('refuses a blank or missing message and stores the rest trimmed', async () => {
    const { sessionId, first } = await startChatSession();
    for (const message of ['', '   ', '\n\t ']) {
      const response = await send(first.auth, sessionId, message);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: CHAT_MESSAGES.messageRequired });
    }
    const missing = await injectAs(context, first.auth, {
      method: 'POST',
      url: '/api/chat/send',
      payload: { sessionId },
    });
    expect(missing.statusCode).toBe(400);
    expect((await sendOk(first.auth, sessionId, '  see you at Station 4  ')).message).toBe('see you at Station 4');
    expect(await readMessages(admin, sessionId)).toHaveLength(1);
  });

  it('stores and returns markup verbatim, as plain text', async () => {
    const { sessionId, first } = await startChatSession();
    const markup = '<script>alert("x")</script> & <b>bold</b> &amp;';
    expect((await sendOk(first.auth, sessionId, markup)).message).toBe(markup);
    expect((await readMessages(admin, sessionId))[0]?.message).toBe(markup);
    const [row] = await context.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(row?.message).toBe(markup);
  });

  it('keeps the author’s name when the author is deleted', async () => {
    const { sessionId, first } = await startChatSession();
    await sendOk(first.auth, sessionId, 'before I leave');
    await context.db.delete(members).where(eq(members.id, first.id));
    const [message] = await readMessages(admin, sessionId);
    expect(message?.user).toEqual({ _id: null, id: null, firstName: 'Elena', lastName: 'Ramirez', isAdmin: false });
  });
});

describe('reading', () => {
  it('answers the newest 50 oldest first, and with ?after= only what was sent since', async () => {
    const { sessionId, first, second } = await startChatSession();
    const sent: ChatMessage[] = [];
    for (let index = 1; index <= 55; index += 1) {
      sent.push(await sendOk(index % 2 === 0 ? first.auth : second.auth, sessionId, `message ${index}`));
    }
    const latest = await readMessages(first.auth, sessionId);
    expect(latest.map((message) => message.message)).toEqual(
      Array.from({ length: 50 }, (_, index) => `message ${index + 6}`),
    );

    const newest = sent.at(-1);
    if (!newest) throw new Error('nothing sent');
    expect(await readMessages(first.auth, sessionId, `?after=${newest.id}`)).toEqual([]);
    const reply = await sendOk(admin, sessionId, 'new one');
    expect(await readMessages(first.auth, sessionId, `?after=${newest.id}`)).toEqual([reply]);
    expect(
      (await readMessages(first.auth, sessionId, `?after=${sent[2]?.id}`)).map((message) => message.message),
    ).toEqual([...Array.from({ length: 52 }, (_, index) => `message ${index + 4}`), 'new one']);
  });

  it('answers the newest 50 when ?after= is no message of this session, and 400 when not an id', async () => {
    const { sessionId, first } = await startChatSession();
    const other = await startChatSession();
    const elsewhere = await sendOk(other.first.auth, other.sessionId, 'elsewhere');
    await sendOk(first.auth, sessionId, 'here');
    for (const after of [UNKNOWN_ID, elsewhere.id]) {
      expect((await readMessages(first.auth, sessionId, `?after=${after}`)).map((row) => row.message)).toEqual([
        'here',
      ]);
    }
    const invalid = await injectAs(context, first.auth, {
      method: 'GET',
      url: `/api/chat/session/${sessionId}/messages?after=42`,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: CHAT_MESSAGES.afterInvalid });
  });

  it('with ?after=, messages of the same instant come again rather than being lost', async () => {
    const { sessionId, first, second } = await startChatSession();
    context.clock.advance(1000);
    const sameInstant = [];
    for (const who of [first, second, first]) {
      const response = await injectAs(context, who.auth, {
        method: 'POST',
        url: '/api/chat/send',
        payload: { sessionId, message: 'same instant' },
      });
      sameInstant.push(response.json<{ message: ChatMessage }>().message);
    }
    for (const cursor of sameInstant) {
      const since = await readMessages(first.auth, sessionId, `?after=${cursor.id}`);
      expect(since.map((message) => message.id).sort()).toEqual(
        sameInstant
          .filter((message) => message.id !== cursor.id)
          .map((message) => message.id)
          .sort(),
      );
    }
  });

  it('history answers the newest ?limit= (1–100, default 50), oldest first', async () => {
    const { sessionId, first } = await startChatSession();
    for (let index = 1; index <= 60; index += 1) await sendOk(first.auth, sessionId, `m${index}`);
    const history = async (query: string) =>
      injectAs(context, first.auth, { method: 'GET', url: `/api/chat/session/${sessionId}/history${query}` });

    const byDefault = (await history('')).json<{ messages: ChatMessage[] }>().messages;
    expect(byDefault.map((message) => message.message)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 11}`));
    const three = (await history('?limit=3')).json<{ messages: ChatMessage[] }>().messages;
    expect(three.map((message) => message.message)).toEqual(['m58', 'm59', 'm60']);
    expect((await history('?limit=1')).json<{ messages: ChatMessage[] }>().messages).toHaveLength(1);
    expect((await history('?limit=100')).json<{ messages: ChatMessage[] }>().messages).toHaveLength(60);
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=2.5']) {
      const response = await history(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: CHAT_MESSAGES.limitInvalid });
    }
  });
});

describe('unread count and mark-read', () => {
  it('counts only others’ messages, and marks read for the caller alone', async () => {
    const { sessionId, first, second } = await startChatSession();
    const fromFirst = await sendOk(first.auth, sessionId, 'one');
    const fromSecond = await sendOk(second.auth, sessionId, 'two');
    const fromAdmin = await sendOk(admin, sessionId, 'three');

    expect(await unreadCount(first.auth, sessionId)).toBe(2);
    expect(await unreadCount(second.auth, sessionId)).toBe(2);
    expect(await unreadCount(admin, sessionId)).toBe(2);

    const marked = await injectAs(context, first.auth, {
      method: 'POST',
      url: '/api/chat/mark-read',
      payload: { sessionId, messageIds: [fromFirst.id, fromSecond.id] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ success: true, unreadCount: 1 });
    expect(await unreadCount(first.auth, sessionId)).toBe(1);
    // The others' counts are untouched by the first member's reads.
    expect(await unreadCount(second.auth, sessionId)).toBe(2);
    expect(await unreadCount(admin, sessionId)).toBe(2);

    // Marking again, or with ids of no message of this session, changes nothing and is no error.
    const other = await startChatSession();
    const elsewhere = await sendOk(other.first.auth, other.sessionId, 'elsewhere');
    const again = await injectAs(context, first.auth, {
      method: 'POST',
      url: '/api/chat/mark-read',
      payload: { sessionId, messageIds: [fromSecond.id, elsewhere.id, UNKNOWN_ID] },
    });
    expect(again.json()).toEqual({ success: true, unreadCount: 1 });
    expect(await unreadCount(other.second.auth, other.sessionId)).toBe(1);

    await injectAs(context, first.auth, {
      method: 'POST',
      url: '/api/chat/mark-read',
      payload: { sessionId, messageIds: [fromAdmin.id] },
    });
    expect(await unreadCount(first.auth, sessionId)).toBe(0);
  });

  it('counts a deleted author’s messages as others’', async () => {
    const { sessionId, first, second } = await startChatSession();
    await sendOk(first.auth, sessionId, 'bye');
    await context.db.delete(members).where(eq(members.id, first.id));
    expect(await unreadCount(second.auth, sessionId)).toBe(1);
  });

  it('refuses an empty list, more than 100 ids, or ids that are not UUIDs', async () => {
    const { sessionId, first } = await startChatSession();
    const markRead = (messageIds: unknown) =>
      injectAs(context, first.auth, { method: 'POST', url: '/api/chat/mark-read', payload: { sessionId, messageIds } });
    const empty = await markRead([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: CHAT_MESSAGES.messageIdsRequired });
    const tooMany = await markRead(Array.from({ length: 101 }, () => UNKNOWN_ID));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: CHAT_MESSAGES.messageIdsTooMany });
    expect((await markRead(Array.from({ length: 100 }, () => UNKNOWN_ID))).statusCode).toBe(200);
    expect((await markRead(['nope'])).statusCode).toBe(400);
  });
});
