/**
 * The chat widget of a bid session (spec sections 2, 4, 5 and 9): a floating button with the
 * unread count that opens a small panel, which can be minimised to its title bar or closed. While
 * open it polls every 3 seconds for new messages, keeps the newest 100, follows new messages only
 * when the reader is near the bottom, and marks what it shows as read. Messages are rendered as
 * React text, so markup in a message shows as the characters that were typed.
 */
import { ActionIcon, Affix, Badge, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconMaximize, IconMessageCircle, IconMinus, IconX } from '@tabler/icons-react';
import { Suspense, useId, useState } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { useChatUnreadCountQuery } from '../api/chat-unread-count.ts';

/** The open panel's messages and message box, fetched when the chat is first opened (or pointed at). */
const chatPanelBody = lazyWithPreload(() => import('./chat-panel-body.tsx').then((module) => module.ChatPanelBody));

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
            onPointerEnter={chatPanelBody.preload}
            onFocus={chatPanelBody.preload}
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
          {view === 'open' && (
            <Suspense
              fallback={
                <Center h={LOG_HEIGHT} aria-busy="true">
                  <Loader role="status" aria-label="Loading chat messages" size="sm" />
                </Center>
              }
            >
              <chatPanelBody.Component sessionId={sessionId} logHeight={LOG_HEIGHT} />
            </Suspense>
          )}
        </Stack>
      </Paper>
    </Affix>
  );
}
