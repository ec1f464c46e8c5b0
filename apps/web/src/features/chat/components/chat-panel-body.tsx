/**
 * The chat panel's body (chat-widget.tsx): the messages and the message box. Its own module, loaded
 * when the chat is first opened, so the pages that carry the widget (the live page among them, issue
 * 14's 250 kB) load only the Chat button at first.
 */
import { Badge, Box, Button, Center, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import {
  CHAT_MARK_READ_MAX_IDS,
  CHAT_MESSAGES,
  type ChatMessage,
  countMessageCharacters,
  LIMITS,
} from '@stationbid/domain';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatTimeOfDay } from '../../../lib/session-format.ts';
import { useChatMessagesQuery } from '../api/chat-queries.ts';
import { useMarkChatMessagesRead } from '../api/mark-chat-read.ts';
import { useSendChatMessage } from '../api/send-chat-message.ts';
import { describeCharacterCount, isNearBottom } from '../utils/chat-messages.ts';

/** The open panel: the messages and the message box. Mounted only while open, so it polls only then. */
export function ChatPanelBody({ sessionId, logHeight }: { sessionId: string; logHeight: number | string }) {
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
        h={logHeight}
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
  const timeZone = useDepartmentTimeZone();
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
              {formatTimeOfDay(message.timestamp, { timeZone })}
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
