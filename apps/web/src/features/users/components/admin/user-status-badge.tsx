import { Badge } from '@mantine/core';
import type { User } from '@stationbid/domain';
import { getUserDisplayStatus, type UserDisplayStatus } from './user-list-query.ts';

const STATUS_COLORS: Record<UserDisplayStatus, string> = {
  Admin: 'grape',
  Active: 'green',
  Inactive: 'gray',
  Pending: 'yellow',
};

/** The member's status as a word; the colour only repeats it. */
export function UserStatusBadge({ user }: { user: User }) {
  const status = getUserDisplayStatus(user);
  // A minimum width: in a crowded table row the word must never shrink to "ACT...".
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" miw={84}>
      {status}
    </Badge>
  );
}
