import { ActionIcon, Menu } from '@mantine/core';
import type { User } from '@stationbid/domain';
import {
  IconAward,
  IconBuildingCommunity,
  IconDots,
  IconEye,
  IconKey,
  IconPencil,
  IconTrash,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { MemberAction, OpenMemberAction } from './member-dialog.ts';
import { getFullName } from './user-list-query.ts';

interface MenuAction {
  action: MemberAction;
  /** Short: the menu is opened from "Actions for Elena Ramirez", which names the member already. */
  label: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/** What changes the member's record, then their access; Delete is kept apart below a divider. */
const EVERYDAY_ACTIONS: MenuAction[] = [
  { action: 'details', label: 'View details', Icon: IconEye },
  { action: 'edit', label: 'Edit', Icon: IconPencil },
  { action: 'assign-station', label: 'Assign station', Icon: IconBuildingCommunity },
  { action: 'seniority', label: 'Edit seniority', Icon: IconAward },
  { action: 'password', label: 'Set password', Icon: IconKey },
  { action: 'reactivate', label: 'Reactivate', Icon: IconUserCheck },
];

interface MemberActionsProps {
  user: User;
  /** The signed-in administrator's own row has no Delete: the server refuses it anyway. */
  isSignedInUser: boolean;
  isReactivating: boolean;
  onAction: OpenMemberAction;
  /** Larger on touch screens, where a finger needs room. */
  size: 'md' | 'lg';
}

/**
 * One menu per member instead of a row of icons: seven look-alike icons on 300 rows are hard to
 * tell apart and easy to mis-tap, and Delete sat one icon away from the password. Delete still
 * opens its confirmation dialog; it never acts from the menu alone.
 */
export function MemberActions({ user, isSignedInUser, isReactivating, onAction, size }: MemberActionsProps) {
  const name = getFullName(user);
  const shown = EVERYDAY_ACTIONS.filter(({ action }) => action !== 'reactivate' || !user.isActive);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size={size === 'lg' ? 'xl' : 'lg'}
          aria-label={`Actions for ${name}`}
          loading={isReactivating}
        >
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        {shown.map(({ action, label, Icon }) => (
          <Menu.Item
            key={action}
            leftSection={<Icon size={16} aria-hidden />}
            color={action === 'reactivate' ? 'green' : undefined}
            onClick={() => onAction(action, user)}
          >
            {label}
          </Menu.Item>
        ))}
        {!isSignedInUser && (
          <>
            {/* Marked a separator so assistive technology, too, hears Delete set apart. */}
            <Menu.Divider role="separator" />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onAction('delete', user)}
            >
              Delete
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
