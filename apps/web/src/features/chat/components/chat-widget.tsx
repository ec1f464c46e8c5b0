/**
 * The chat widget of a bid session (spec sections 2, 4, 5 and 9): a floating button with the
 * unread count that opens a small panel, which can be minimised to its title bar or closed. While
 * open it polls every 3 seconds for new messages, keeps the newest 100, follows new messages only
 * when the reader is near the bottom, and marks what it shows as read. Messages are rendered as
 * React text, so markup in a message shows as the characters that were typed.
 */
import {
  ActionIcon,
  Affix,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  CHAT_MARK_READ_MAX_IDS,
  CHAT_MESSAGES,
  type ChatMessage,
  countMessageCharacters,
  LIMITS,
} from '@stationbid/domain';
import { IconMaximize, IconMessageCircle, IconMinus, IconSend, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useChatUnreadCountQuery, useMarkChatMessagesRead } from '../api/chat-unread-count.ts';
import { useChatMessagesQuery } from '../api/get-chat-messages.ts';
import { useSendChatMessage } from '../api/send-chat-message.ts';
import { describeCharacterCount, isNearBottom } from '../utils/chat-messages.ts';

type WidgetView = 'closed' | 'open' | 'minimized';

const PANEL_WIDTH = 340;
const LOG_HEIGHT = 320;
const AFFIX_POSITION = { bottom: 20, right: 20 };

export function ChatWidget({ sessionId }: { sessionId: string }) {
  const [view, setView] = useState<WidgetView>('closed');
  const unreadQuery = useChatUnreadCountQuery(sessionId, { isPolling: view !== 'open' });
  const unreadCount = unreadQuery.data ?? 0;
  const titleId = useId();
  const unreadId = useId();
  const unreadBadge =
    unreadCount > 0 ? (
      <Badge color="red" size="sm" id={unreadId}>
        {unreadCount} unread
      </Badge>
    ) : null;

  if (view === 'closed') {
    return (
      <Affix position={AFFIX_POSITION}>
        <Group gap={6} align="center">
          {unreadBadge}
          <Button
            radius="xl"
            size="md"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
            aria-label="Open chat"
            aria-describedby={unreadCount > 0 ? unreadId : undefined}
            onClick={() => setView('open')}
          >
            Chat
          </Button>
        </Group>
      </Affix>
    );
  }

  return (
    <Affix position={AFFIX_POSITION}>
      <Paper
        component="section"
        aria-labelledby={titleId}
        shadow="lg"
        withBorder
        p="sm"
        w={PANEL_WIDTH}
        maw="calc(100vw - 40px)"
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Title order={2} size="h5" id={titleId}>
                Session Chat
              </Title>
              {view === 'minimized' && unreadBadge}
            </Group>
            <Group gap={4} wrap="nowrap">
              {view === 'open' ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Minimize chat"
                  onClick={() => setView('minimized')}
                >
                  <IconMinus size={16} aria-hidden />
                </ActionIcon>
              ) : (
                <ActionIcon variant="subtle" color="gray" aria-label="Expand chat" onClick={() => setView('open')}>
                  <IconMaximize size={16} aria-hidden />
                </ActionIcon>
              )}
              <ActionIcon variant="subtle" color="gray" aria-label="Close chat" onClick={() => setView('closed')}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
          {view === 'open' && <ChatPanelBody sessionId={sessionId} />}
        </Stack>
      </Paper>
    </Affix>
  );
}

/** The open panel: the messages and the message box. Mounted only while open, so it polls only then. */
function ChatPanelBody({ sessionId }: { sessionId: string }) {
  const messagesQuery = useChatMessagesQuery(sessionId, { isPolling: true });
  const messages = messagesQuery.data;
  const { mutate: markRead } = useMarkChatMessagesRead(sessionId);
  const logRef = useRef<HTMLDivElement>(null);
  // Whether the reader was near the bottom before new messages came: then they are followed.
  const isFollowingRef = useRef(true);
  const markedIdsRef = useRef(new Set<string>());

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log !== null && messages !== undefined && isFollowingRef.current) log.scrollTop = log.scrollHeight;
  }, [messages]);

  useEffect(() => {
    if (messages === undefined) return;
    const unmarked = messages.map((message) => message.id).filter((id) => !markedIdsRef.current.has(id));
    if (unmarked.length === 0) return;
    for (const id of unmarked) markedIdsRef.current.add(id);
    markRead(unmarked.slice(-CHAT_MARK_READ_MAX_IDS));
  }, [messages, markRead]);

  const rememberScrollPosition = () => {
    if (logRef.current !== null) isFollowingRef.current = isNearBottom(logRef.current);
  };

  return (
    <Stack gap="sm">
      <Box
        ref={logRef}
        role="log"
        aria-label="Chat messages"
        h={LOG_HEIGHT}
        style={{ overflowY: 'auto' }}
        onScroll={rememberScrollPosition}
      >
        {messages !== undefined ? (
          <MessageList messages={messages} />
        ) : messagesQuery.isError ? (
          <LoadError
            title={CHAT_MESSAGES.loadFailed}
            error={messagesQuery.error}
            onRetry={() => messagesQuery.refetch()}
            isRetrying={messagesQuery.isFetching}
          />
        ) : (
          <Center h="100%">
            <Loader role="status" aria-label="Loading chat messages" size="sm" />
          </Center>
        )}
      </Box>
      {messages !== undefined && messagesQuery.isError && (
        <Text size="xs" c="red" role="status">
          {CHAT_MESSAGES.loadFailed}. Trying again…
        </Text>
      )}
      <MessageForm
        sessionId={sessionId}
        onSending={() => {
          isFollowingRef.current = true;
        }}
        onSent={(messageId) => markedIdsRef.current.add(messageId)}
      />
    </Stack>
  );
}

function MessageList({ messages }: { messages: ChatMessage[] }) {
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        No messages yet. Say hello!
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {messages.map((message) => (
        <Box component="li" key={message.id}>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" fw={600}>
              {message.user.firstName} {message.user.lastName}
            </Text>
            {message.user.isAdmin && (
              <Badge size="xs" variant="light">
                Admin
              </Badge>
            )}
            <Text size="xs" c="dimmed" component="time" dateTime={message.timestamp}>
              {formatMessageTime(message.timestamp)}
            </Text>
          </Group>
          {/* A text node: whatever the message holds is shown as typed, never parsed as HTML. */}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.message}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function formatMessageTime(timestamp: string): string {
  return new Date(timestamp).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

interface MessageFormProps {
  sessionId: string;
  onSending: () => void;
  onSent: (messageId: string) => void;
}

/** The message box: Enter sends, Shift+Enter starts a new line; blank or too long is not sent. */
function MessageForm({ sessionId, onSending, onSent }: MessageFormProps) {
  const [draft, setDraft] = useState('');
  const sendMessage = useSendChatMessage(sessionId);
  const text = draft.trim();
  const characters = countMessageCharacters(text);
  const isTooLong = characters > LIMITS.chatMessageMaxLength;
  const canSend = text.length > 0 && !isTooLong && !sendMessage.isPending;
  const characterCount = describeCharacterCount(characters);

  const send = () => {
    if (!canSend) return;
    onSending();
    sendMessage.mutate(text, {
      onSuccess: (message) => {
        onSent(message.id);
        setDraft('');
      },
    });
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap={4}>
        <Textarea
          label="Message"
          placeholder="Type a message"
          rows={2}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={sendOnEnter}
          error={isTooLong ? CHAT_MESSAGES.messageTooLong : undefined}
          description="Enter sends, Shift+Enter starts a new line"
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c={isTooLong ? 'red' : 'dimmed'} aria-live="polite">
            {characterCount ?? ''}
          </Text>
          <Button
            type="submit"
            size="xs"
            leftSection={<IconSend size={14} aria-hidden />}
            disabled={!canSend}
            loading={sendMessage.isPending}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
