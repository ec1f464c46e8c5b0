import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { plural } from '@stationbid/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { InactiveUserConflict } from '../../api/admin-create-user.ts';
import { useReactivateUser } from '../../api/admin-reactivate-user.ts';
import { describeStationAssignment } from './member-format.ts';
import { MemberModal } from './member-modal.tsx';
import { getFullName } from './user-list-query.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

interface UserExistsModalProps {
  conflict: InactiveUserConflict;
  onClose: () => void;
}

/**
 * User Already Exists: the e-mail or employee ID belongs to a deactivated member. Reactivating
 * brings back their account with its history, rather than a second account for the same person.
 */
export function UserExistsModal({ conflict: { existingUser, message }, onClose }: UserExistsModalProps) {
  const reactivate = useReactivateUser({ onSuccess: onClose });
  return (
    <MemberModal onClose={onClose} title="User Already Exists" size="md">
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
          {message}
        </Alert>
        <Card withBorder>
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fw={600}>{getFullName(existingUser)}</Text>
              <UserStatusBadge user={existingUser} />
            </Group>
            <Text size="sm">{existingUser.email}</Text>
            <Text size="sm">Employee ID: {existingUser.employeeId}</Text>
            <Text size="sm">
              {existingUser.rank} · {existingUser.position} · {plural(existingUser.yearsOfService, 'year')}
            </Text>
            <Text size="sm">Station: {describeStationAssignment(existingUser)}</Text>
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="green" loading={reactivate.isPending} onClick={() => reactivate.mutate(existingUser.id)}>
            Reactivate User
          </Button>
        </Group>
      </Stack>
    </MemberModal>
  );
}
