/**
 * The main navigation on a phone: a drawer opened from the top bar's burger. Its own module, loaded
 * on demand (lazy-navigation-drawer.tsx): Mantine's Drawer brings its modal base, scroll lock,
 * focus trap and ScrollArea (with @floating-ui), which no page needs before its first paint.
 */
import { Box, Drawer } from '@mantine/core';
import { MainNavigationLinks } from './main-navigation.tsx';

export interface NavigationDrawerProps {
  opened: boolean;
  onClose: () => void;
  isAdmin: boolean;
  /** The nav landmark's name, the same as the sidebar's. */
  label: string;
}

export function NavigationDrawer({ opened, onClose, isAdmin, label }: NavigationDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="StationBid"
      size={280}
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <Box component="nav" aria-label={label}>
        <MainNavigationLinks isAdmin={isAdmin} onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}
