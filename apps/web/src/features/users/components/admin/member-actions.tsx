import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { User } from '@stationbid/domain';
import {
  IconAward,
  IconBuildingCommunity,
  IconEye,
  IconKey,
  IconPencil,
  IconTrash,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { MemberAction, OpenMemberAction } from './member-dialog.ts';
import { getFullName } from './user-list-query.ts';

interface ActionButton {
  action: MemberAction;
  /** "Edit" becomes "Edit Elena Ramirez": each button names the member it acts on. */
  label: (name: string) => string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  color?: string;
}

const ACTIONS: ActionButton[] = [
  { action: 'details', label: (name) => `View details of ${name}`, Icon: IconEye },
  { action: 'edit', label: (name) => `Edit ${name}`, Icon: IconPencil },
  { action: 'assign-station', label: (name) => `Assign station to ${name}`, Icon: IconBuildingCommunity },
  { action: 'seniority', label: (name) => `Edit seniority of ${name}`, Icon: IconAward },
  { action: 'password', label: (name) => `Update password of ${name}`, Icon: IconKey },
  { action: 'reactivate', label: (name) => `Reactivate ${name}`, Icon: IconUserCheck, color: 'green' },
  { action: 'delete', label: (name) => `Delete ${name}`, Icon: IconTrash, color: 'red' },
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

export function MemberActions({ user, isSignedInUser, isReactivating, onAction, size }: MemberActionsProps) {
  const name = getFullName(user);
  const shown = ACTIONS.filter(({ action }) => {
    if (action === 'reactivate') return !user.isActive;
    if (action === 'delete') return !isSignedInUser;
    return true;
  });
  return (
    <Group gap={4} wrap={size === 'md' ? 'nowrap' : 'wrap'}>
      {shown.map(({ action, label, Icon, color }) => (
        <Tooltip key={action} label={label(name)} withinPortal>
          <ActionIcon
            variant="subtle"
            size={size}
            color={color}
            aria-label={label(name)}
            loading={action === 'reactivate' && isReactivating}
            onClick={() => onAction(action, user)}
          >
            <Icon size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
