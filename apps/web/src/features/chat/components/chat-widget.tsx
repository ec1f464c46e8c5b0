/**
 * The chat of a bid session (schemas/chat.ts): a Chat button with the unread count,
 * in the app shell's top bar (components/header-actions.tsx) or, outside the shell, where the page
 * places it, which opens the chat in a drawer. Nothing floats over the page's cards: the drawer
 * opens on demand and closes with Escape, its close button or a click beside it, and focus returns
 * to the button. While open it polls every 3 seconds for new messages, keeps the newest 100,
 * follows new messages only when the reader is near the bottom, and marks what it shows as read.
 * Messages are rendered as React text, so markup in a message shows as the characters typed.
 */
import { Badge, Button, Center, Drawer, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { Suspense } from 'react';
import { HeaderActions, useHasHeaderActions } from '../../../components/header-actions.tsx';
import { useIsSmallScreen } from '../../../hooks/use-is-small-screen.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { useChatUnreadCountQuery } from '../api/chat-queries.ts';

/** The open panel's messages and message box, fetched when the chat is first opened (or pointed at). */
const chatPanelBody = lazyWithPreload(() => import('./chat-panel-body.tsx').then((module) => module.ChatPanelBody));

/** The message log fills the drawer above the message box (its title and the box take about 240 px). */
const LOG_HEIGHT = 'calc(100dvh - 250px)';

export function ChatWidget({ sessionId }: { sessionId: string }) {
  const [isOpen, drawer] = useDisclosure(false);
  const unreadQuery = useChatUnreadCountQuery(sessionId, { isPolling: !isOpen });
  const unreadCount = unreadQuery.data ?? 0;
  const isSmallScreen = useIsSmallScreen();
  const isInHeader = useHasHeaderActions();

  const button = (
    <Button
      variant={isInHeader ? 'default' : 'light'}
      size={isInHeader ? 'compact-sm' : 'sm'}
      flex="none"
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      rightSection={
        unreadCount > 0 ? (
          <Badge color="red" size="sm" circle={unreadCount < 10} aria-hidden>
            {unreadCount}
          </Badge>
        ) : undefined
      }
      // The visible "Chat" starts the name (WCAG 2.5.3); the badge's number is said with its meaning.
      aria-label={unreadCount > 0 ? `Chat, ${unreadCount} unread` : 'Chat'}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      onClick={drawer.open}
      onPointerEnter={chatPanelBody.preload}
      onFocus={chatPanelBody.preload}
    >
      Chat
    </Button>
  );

  return (
    <>
      <HeaderActions>{isInHeader ? button : <Group justify="flex-end">{button}</Group>}</HeaderActions>
      <Drawer
        opened={isOpen}
        onClose={drawer.close}
        position="right"
        size={isSmallScreen ? '100%' : 'md'}
        title="Session Chat"
        closeButtonProps={{ 'aria-label': 'Close chat' }}
      >
        {isOpen && (
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
      </Drawer>
    </>
  );
}
