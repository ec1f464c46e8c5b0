import { Divider, NavLink, Stack, Text } from '@mantine/core';
import {
  type Icon,
  IconBell,
  IconBuildingWarehouse,
  IconCertificate,
  IconClipboardList,
  IconGavel,
  IconLayoutDashboard,
  IconPlugConnected,
  IconSettings,
  IconShieldCheck,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useMatch } from 'react-router';
import { paths } from '../../config/paths.ts';

interface NavigationItem {
  label: string;
  to: string;
  icon: Icon;
}

/** The sidebar: three entries for everyone, eight more for administrators. */
const MEMBER_ITEMS: readonly NavigationItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'Bidding', to: paths.bidding, icon: IconGavel },
  { label: 'Profile', to: paths.profile, icon: IconUser },
];

const ADMIN_ITEMS: readonly NavigationItem[] = [
  { label: 'Admin Dashboard', to: paths.admin.dashboard, icon: IconShieldCheck },
  { label: 'User Management', to: paths.admin.users, icon: IconUsers },
  { label: 'Station Management', to: paths.admin.stations, icon: IconBuildingWarehouse },
  { label: 'Certifications', to: paths.admin.certifications, icon: IconCertificate },
  { label: 'Bid Management', to: paths.admin.bidSessions, icon: IconClipboardList },
  { label: 'Notification Management', to: paths.admin.notifications, icon: IconBell },
  { label: 'Department Settings', to: paths.admin.settings, icon: IconSettings },
  { label: 'Integrations', to: paths.admin.integrations, icon: IconPlugConnected },
];

function NavigationLink({ item, onNavigate }: { item: NavigationItem; onNavigate: (() => void) | undefined }) {
  // Exact match, so "Admin Dashboard" (/admin) is not also lit on /admin/users.
  const isActive = useMatch({ path: item.to, end: true }) !== null;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<item.icon size={20} stroke={1.5} aria-hidden />}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/** The links of the main navigation; the caller supplies the <nav> landmark around them. */
export function MainNavigationLinks({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  return (
    <Stack gap={4}>
      {MEMBER_ITEMS.map((item) => (
        <NavigationLink key={item.to} item={item} onNavigate={onNavigate} />
      ))}
      {isAdmin && (
        <>
          <Divider
            label={
              // Mantine's dimmed grey is below 4.5:1 on white; this label is text people read.
              <Text size="xs" c="gray.7">
                Administration
              </Text>
            }
            labelPosition="left"
            my="xs"
          />
          {ADMIN_ITEMS.map((item) => (
            <NavigationLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </>
      )}
    </Stack>
  );
}
