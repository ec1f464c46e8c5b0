import { CHAT_MESSAGES, type ChatMessage, TIMERS } from '@stationbid/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { CHAT_UNREAD_POLL_MS } from '../api/get-chat-unread-count.ts';
import { ChatWidget } from './chat-widget.tsx';

const SESSION_ID = '5e550000-0000-4000-8000-000000000007';
const MESSAGES_PATH = `/api/chat/session/${SESSION_ID}/messages`;
const BASE_TIME = Date.parse('2026-04-01T10:00:00.000Z');

function chatMessage(index: number, text = `message ${index}`, author = { firstName: 'Elena', lastName: 'Ramirez' }) {
  const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    _id: id,
    id,
    sessionId: SESSION_ID,
    message: text,
    user: { _id: 'u1', id: 'u1', ...author, isAdmin: false },
    timestamp: new Date(BASE_TIME + index * 1000).toISOString(),
  } satisfies ChatMessage;
}

/** The server side of the chat: answers polls by `after` from `stored`, and records sends. */
function chatServer(stored: ChatMessage[], { unreadCount = 0 } = {}) {
  const state = { stored, unreadCount };
  const handlers: Record<string, MockHandler> = {
    [`GET /api/chat/session/${SESSION_ID}/unread-count`]: () => jsonResponse(200, { unreadCount: state.unreadCount }),
    'POST /api/chat/mark-read': () => jsonResponse(200, { success: true, unreadCount: 0 }),
    'POST /api/chat/send': (request: MockRequest) => {
      const body = request.body as { message: string };
      const message = chatMessage(state.stored.length + 1000, body.message, { firstName: 'Ada', lastName: 'Chief' });
      state.stored = [...state.stored, message];
      return jsonResponse(201, { success: true, message });
    },
  };
  return { state, handlers };
}

function answerMessages(state: { stored: ChatMessage[] }): MockHandler {
  return () => jsonResponse(200, { messages: state.stored });
}

function renderWidget(handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <AppProviders>
      <ChatWidget sessionId={SESSION_ID} />
    </AppProviders>,
  );
  return { api, user };
}

/** The message polls made, with their query. */
function pollQueries(api: ReturnType<typeof mockApi>) {
  return api.requests.filter((request) => request.path.startsWith(MESSAGES_PATH)).map((request) => request.path);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** mockApi matches the path exactly; polls carry `?after=`, so every GET of the messages goes to `answer`. */
function withMessagePolls(handlers: Record<string, MockHandler>, answer: MockHandler): Record<string, MockHandler> {
  return new Proxy(handlers, {
    get: (target, key) =>
      typeof key === 'string' && key.startsWith(`GET ${MESSAGES_PATH}`) ? answer : target[key as string],
  });
}

describe('ChatWidget', () => {
  it('shows the unread count on its button, polled every 30 s while closed', async () => {
    const server = chatServer([], { unreadCount: 3 });
    const { api } = renderWidget(server.handlers);
    expect(await screen.findByRole('button', { name: 'Chat, 3 unread' })).toHaveAttribute('aria-expanded', 'false');

    server.state.unreadCount = 5;
    await act(() => vi.advanceTimersByTimeAsync(CHAT_UNREAD_POLL_MS));
    expect(await screen.findByRole('button', { name: 'Chat, 5 unread' })).toBeInTheDocument();
    // Closed, the widget never asks for the messages themselves.
    expect(pollQueries(api)).toEqual([]);
  });

  it('opens, loads the newest messages, polls for new ones with ?after= and marks them read', async () => {
    const server = chatServer([chatMessage(1), chatMessage(2)], { unreadCount: 2 });
    const { api, user } = renderWidget(withMessagePolls(server.handlers, answerMessagesAfter(server.state)));
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));

    const log = await screen.findByRole('log', { name: 'Chat messages' });
    expect(await within(log).findByText('message 2')).toBeInTheDocument();
    expect(within(log).getAllByText('Elena Ramirez')).toHaveLength(2);
    await waitFor(() => expect(api.requestsTo('POST /api/chat/mark-read')).toHaveLength(1));
    expect(api.requestsTo('POST /api/chat/mark-read')[0]?.body).toEqual({
      sessionId: SESSION_ID,
      messageIds: [chatMessage(1).id, chatMessage(2).id],
    });

    server.state.stored = [...server.state.stored, chatMessage(3, 'see you at Station 4')];
    await act(() => vi.advanceTimersByTimeAsync(TIMERS.chatPollMs));
    expect(await within(log).findByText('see you at Station 4')).toBeInTheDocument();
    expect(pollQueries(api)).toEqual([MESSAGES_PATH, `${MESSAGES_PATH}?after=${chatMessage(2).id}`]);
    await waitFor(() => expect(api.requestsTo('POST /api/chat/mark-read')).toHaveLength(2));
    expect(api.requestsTo('POST /api/chat/mark-read')[1]?.body).toEqual({
      sessionId: SESSION_ID,
      messageIds: [chatMessage(3).id],
    });

    // Closed, it stops polling the messages.
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('log')).not.toBeInTheDocument());
    const pollsWhenClosed = pollQueries(api).length;
    await act(() => vi.advanceTimersByTimeAsync(TIMERS.chatPollMs * 3));
    expect(pollQueries(api)).toHaveLength(pollsWhenClosed);
    expect(screen.getByRole('button', { name: /^Chat/ })).toBeInTheDocument();
  });

  it('opens in a drawer named Session Chat, closes with Escape and gives focus back to its button', async () => {
    const server = chatServer([chatMessage(1)]);
    const { user } = renderWidget(withMessagePolls(server.handlers, answerMessagesAfter(server.state)));
    const button = await screen.findByRole('button', { name: /^Chat/ });
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Session Chat' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await within(drawer).findByText('message 1')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows markup as text, never as HTML', async () => {
    const markup = '<b>bold</b> <img src=x onerror="alert(1)"> <script>alert(2)</script>';
    const server = chatServer([chatMessage(1, markup)]);
    const { user } = renderWidget(withMessagePolls(server.handlers, answerMessages(server.state)));
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    const log = await screen.findByRole('log', { name: 'Chat messages' });
    expect(await within(log).findByText(markup)).toBeInTheDocument();
    expect(log.querySelector('b, img, script')).toBeNull();
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and refuses a blank message', async () => {
    const server = chatServer([]);
    const { api, user } = renderWidget(withMessagePolls(server.handlers, answerMessagesAfter(server.state)));
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    await screen.findByText('No messages yet. Say hello!');
    const box = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.type(box, '   {Enter}');
    expect(api.requestsTo('POST /api/chat/send')).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('first line\nsecond line');
    await user.type(box, '{Enter}');
    await waitFor(() => expect(api.requestsTo('POST /api/chat/send')).toHaveLength(1));
    expect(api.requestsTo('POST /api/chat/send')[0]?.body).toEqual({
      sessionId: SESSION_ID,
      message: 'first line\nsecond line',
    });
    await waitFor(() => expect(box).toHaveValue(''));
    const log = screen.getByRole('log', { name: 'Chat messages' });
    // Shown at once, without waiting for the next poll.
    expect(within(log).getByText('Ada Chief')).toBeInTheDocument();
    expect(log.querySelector('li p:last-child')?.textContent).toBe('first line\nsecond line');
  });

  it('counts characters near the limit and refuses more than 1,000', async () => {
    const server = chatServer([]);
    const { api, user } = renderWidget(withMessagePolls(server.handlers, answerMessagesAfter(server.state)));
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'x'.repeat(899) } });
    expect(screen.queryByText('899 / 1000')).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(1000) } });
    expect(screen.getByText('1000 / 1000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('1001 / 1000')).toBeInTheDocument();
    expect(screen.getByText(CHAT_MESSAGES.messageTooLong)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(api.requestsTo('POST /api/chat/send')).toHaveLength(0);
  });

  it('shows the server’s reason when a send fails and keeps the draft', async () => {
    const server = chatServer([]);
    server.handlers['POST /api/chat/send'] = () =>
      jsonResponse(403, { error: 'You are not a participant in this session', code: 'FORBIDDEN' });
    const { user } = renderWidget(withMessagePolls(server.handlers, answerMessagesAfter(server.state)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'hello{Enter}');
    expect(await screen.findByText('You are not a participant in this session')).toBeInTheDocument();
    expect(box).toHaveValue('hello');
  });

  it('says "Failed to load chat messages" with Try Again when the first load fails', async () => {
    const server = chatServer([]);
    const { user } = renderWidget(
      withMessagePolls(server.handlers, () => jsonResponse(403, { error: 'Nope', code: 'FORBIDDEN' })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    expect(await screen.findByText(CHAT_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('keeps at most 100 messages', async () => {
    const server = chatServer(Array.from({ length: 100 }, (_, index) => chatMessage(index + 1)));
    const { user } = renderWidget(withMessagePolls(server.handlers, answerMessagesAfter(server.state)));
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    const log = await screen.findByRole('log', { name: 'Chat messages' });
    // The first load is the newest 50.
    await within(log).findByText('message 100');
    expect(within(log).getAllByRole('listitem')).toHaveLength(50);

    const newer = Array.from({ length: 51 }, (_, index) => chatMessage(101 + index));
    server.state.stored = [...server.state.stored, ...newer];
    await act(() => vi.advanceTimersByTimeAsync(TIMERS.chatPollMs));
    await within(log).findByText('message 151');
    expect(within(log).getAllByRole('listitem')).toHaveLength(100);
    expect(within(log).queryByText('message 51')).not.toBeInTheDocument();
    expect(within(log).getByText('message 52')).toBeInTheDocument();
  });

  it('follows new messages only when the reader is within 100 px of the bottom', async () => {
    const server = chatServer([chatMessage(1)]);
    const { user } = renderWidget(withMessagePolls(server.handlers, answerMessagesAfter(server.state)));
    await user.click(await screen.findByRole('button', { name: /^Chat/ }));
    const log = await screen.findByRole('log', { name: 'Chat messages' });
    await within(log).findByText('message 1');
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 300 });

    // Scrolled up to read: a new message does not move the view.
    log.scrollTop = 200;
    fireEvent.scroll(log);
    server.state.stored = [...server.state.stored, chatMessage(2)];
    await act(() => vi.advanceTimersByTimeAsync(TIMERS.chatPollMs));
    await within(log).findByText('message 2');
    expect(log.scrollTop).toBe(200);

    // Within 100 px of the bottom: the next message scrolls into view.
    log.scrollTop = 620;
    fireEvent.scroll(log);
    server.state.stored = [...server.state.stored, chatMessage(3)];
    await act(() => vi.advanceTimersByTimeAsync(TIMERS.chatPollMs));
    await within(log).findByText('message 3');
    expect(log.scrollTop).toBe(1000);
  });
});

/** Answers like the server: the newest 50 without `after`, else what follows that message. */
function answerMessagesAfter(state: { stored: ChatMessage[] }): MockHandler {
  return (request) => {
    const after = new URL(request.path, 'http://localhost').searchParams.get('after');
    if (after === null) return jsonResponse(200, { messages: state.stored.slice(-50) });
    const index = state.stored.findIndex((message) => message.id === after);
    return jsonResponse(200, { messages: index === -1 ? state.stored.slice(-50) : state.stored.slice(index + 1) });
  };
}
