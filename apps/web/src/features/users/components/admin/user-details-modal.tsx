import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { UNLOCK_MESSAGES, type User } from '@stationbid/domain';
import { useState } from 'react';
import { useDepartmentTimeZone } from '../../../../lib/department-time-zone.ts';
import { formatDateTime } from '../../../../lib/session-format.ts';
import { useUnlockUserSignIn } from '../../api/admin-unlock-user.ts';
import { describeBidPriority, describeStationAssignment } from './member-format.ts';
import { MemberModal } from './member-modal.tsx';
import { getFullName } from './user-list-query.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

const NOT_PROVIDED = 'Not provided';
const orNotProvided = (value: string | null) => (value ? value : NOT_PROVIDED);

type Fact = [label: string, value: string | number];

function FactSection({ title, facts }: { title: string; facts: Fact[] }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Unlock sign-in: failed sign-ins slow a member down (per address, with back-off); after an attack
 * an administrator can clear that at once. Asks for confirmation first, in place.
 */
function UnlockSignIn({ user }: { user: User }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const unlock = useUnlockUserSignIn({ onSuccess: () => setIsConfirming(false) });
  if (!isConfirming) {
    return (
      <Button variant="default" onClick={() => setIsConfirming(true)}>
        Unlock sign-in
      </Button>
    );
  }
  return (
    <Stack gap="xs" role="group" aria-label={`Unlock sign-in of ${getFullName(user)}`}>
      <Text size="sm">{UNLOCK_MESSAGES.confirm}</Text>
      <Group gap="xs">
        <Button color="orange" loading={unlock.isPending} onClick={() => unlock.mutate(user.id)}>
          Confirm unlock
        </Button>
        <Button variant="default" onClick={() => setIsConfirming(false)}>
          Keep as is
        </Button>
      </Group>
    </Stack>
  );
}

/** User Details: everything the server knows about the member, read-only, and Unlock sign-in. */
export function UserDetailsModal({ user, onClose }: { user: User; onClose: () => void }) {
  const moment = { timeZone: useDepartmentTimeZone(), withSeconds: false };
  const score =
    user.manualSeniorityScore === null
      ? `${user.seniorityScore} (automatic)`
      : `${user.seniorityScore} (manual override)`;
  return (
    <MemberModal onClose={onClose} title="User Details">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              {getFullName(user)}
            </Title>
            <Text c="dimmed">
              {user.rank} · {user.position}
            </Text>
          </div>
          <UserStatusBadge user={user} />
        </Group>
        <FactSection
          title="Contact"
          facts={[
            ['Email', user.email],
            ['Phone', orNotProvided(user.phone)],
            ['Address', orNotProvided(user.address)],
          ]}
        />
        <FactSection
          title="Service and seniority"
          facts={[
            ['Employee ID', user.employeeId],
            ['Years of service', user.yearsOfService],
            ['Seniority score', score],
            ['Bid priority', describeBidPriority(user)],
          ]}
        />
        <FactSection
          title="Assignment"
          facts={[
            ['Station', describeStationAssignment(user)],
            ['Seat position', user.currentSeatPosition ?? 'None'],
          ]}
        />
        <FactSection
          title="Account"
          facts={[
            ['Role', user.isAdmin ? 'Administrator' : 'Member'],
            ['Account', user.isActive ? 'Active' : 'Inactive'],
            ['Password', user.status === 'pending' ? 'Not set yet (waiting for setup)' : 'Set'],
            ['Online now', user.isOnline ? 'Yes' : 'No'],
            ['Last login', user.lastLoginAt === null ? 'Never' : formatDateTime(user.lastLoginAt, moment)],
            ['Created', formatDateTime(user.createdAt, moment)],
          ]}
        />
        <FactSection
          title="Emergency contact"
          facts={[
            ['Name', orNotProvided(user.emergencyContact.name)],
            ['Phone', orNotProvided(user.emergencyContact.phone)],
            ['Relationship', orNotProvided(user.emergencyContact.relationship)],
          ]}
        />
        <Group justify="space-between" align="flex-end">
          <UnlockSignIn user={user} />
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </MemberModal>
  );
}
