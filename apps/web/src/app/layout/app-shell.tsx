/**
 * The frame of every signed-in page: a top bar with the welcome line, an
 * Admin badge and Logout, and the main navigation. From 48em the navigation is a sidebar; below it
 * lives in a drawer behind a burger, so off-screen links never sit in the keyboard's tab order.
 */
import { AppShell, Badge, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFlame, IconLogout } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { HeaderActionsProvider } from '../../components/header-actions.tsx';
import { useCurrentUser, useLogout } from '../../features/auth/index.ts';
import { LazyNotificationOffer, useLiveNotificationCounts } from '../../features/notifications/index.ts';
import { useIsSmallScreen } from '../../hooks/use-is-small-screen.ts';
import classes from './app-shell.module.css';
import { LazyNavigationDrawer } from './lazy-navigation-drawer.tsx';
import { MainNavigationLinks } from './main-navigation.tsx';

const NAVIGATION_LABEL = 'Main navigation';
const MAIN_CONTENT_ID = 'main-content';

/** Moves focus past the navigation without adding a #hash entry to the history. */
function skipToMainContent(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

export function AppLayout() {
  const user = useCurrentUser();
  const { logout, isLoggingOut } = useLogout();
  // Mantine's `sm` breakpoint, below which AppShell treats the screen as mobile.
  const isSmallScreen = useIsSmallScreen();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  // The drawer's code is fetched once wanted: on the burger's first hover, focus or press, or on a
  // phone once the page has painted and the browser is idle; until then nothing needs drawing.
  const [isDrawerWanted, setIsDrawerWanted] = useState(false);
  const wantDrawer = () => setIsDrawerWanted(true);
  useEffect(() => {
    if (!isSmallScreen || isDrawerWanted) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setIsDrawerWanted(true));
    return () => cancel(handle);
  }, [isSmallScreen, isDrawerWanted]);
  // The unread count and the turn indicators follow the live stream on every signed-in page.
  useLiveNotificationCounts();
  // Where pages put their own actions (the session pages' Chat button), in the top bar.
  const [headerActionsElement, setHeaderActionsElement] = useState<HTMLDivElement | null>(null);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToMainContent}>
        Skip to main content
      </a>

      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            {isSmallScreen && (
              <Burger
                opened={isDrawerOpen}
                onClick={() => {
                  wantDrawer();
                  drawer.toggle();
                }}
                onPointerEnter={wantDrawer}
                onFocus={wantDrawer}
                size="sm"
                aria-label="Open navigation"
                aria-expanded={isDrawerOpen}
              />
            )}
            {/* On a phone the welcome line needs the room; the drawer shows the product name. */}
            <Group gap="xs" wrap="nowrap" visibleFrom="xs">
              <IconFlame size={28} stroke={1.75} color="var(--mantine-primary-color-filled)" aria-hidden />
              <Text fw={700} size="lg">
                StationBid
              </Text>
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text size="sm" lh={1.3} lineClamp={2} miw={0}>
              {`Welcome, ${user.firstName} ${user.lastName}`}
            </Text>
            <Group ref={setHeaderActionsElement} gap="xs" wrap="nowrap" flex="none" />
            {user.isAdmin && (
              <Badge variant="filled" flex="none">
                Admin
              </Badge>
            )}
            <Button
              variant="default"
              size="compact-sm"
              flex="none"
              leftSection={isSmallScreen ? undefined : <IconLogout size={16} aria-hidden />}
              onClick={logout}
              disabled={isLoggingOut}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {isSmallScreen ? (
        isDrawerWanted && (
          <LazyNavigationDrawer
            opened={isDrawerOpen}
            onClose={drawer.close}
            isAdmin={user.isAdmin}
            label={NAVIGATION_LABEL}
          />
        )
      ) : (
        <AppShell.Navbar p="sm" aria-label={NAVIGATION_LABEL}>
          <MainNavigationLinks isAdmin={user.isAdmin} />
        </AppShell.Navbar>
      )}

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <HeaderActionsProvider element={headerActionsElement}>
          <LazyNotificationOffer />
          <Outlet />
        </HeaderActionsProvider>
      </AppShell.Main>
    </AppShell>
  );
}
