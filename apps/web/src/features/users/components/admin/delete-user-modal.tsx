import { Button, Group, Stack, Text } from '@mantine/core';
import type { User } from '@stationbid/domain';
import { useDeleteUser } from '../../api/admin-delete-user.ts';
import { MemberModal } from './member-modal.tsx';
import { getFullName } from './user-list-query.ts';

/** Asks before deleting; whatever the answer, the dialog closes and the toast says what happened. */
export function DeleteUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const deleteUser = useDeleteUser({ onSettled: onClose });
  return (
    <MemberModal onClose={onClose} title={`Delete ${getFullName(user)}`} size="md">
      <Stack gap="md">
        <Text>Are you sure you want to delete this user? This action cannot be undone.</Text>
        <Text size="sm" c="dimmed">
          {getFullName(user)} ({user.employeeId}) loses their account and their seat; past bid sessions keep their name.
          To keep the account, deactivate them in Edit instead.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={deleteUser.isPending} onClick={() => deleteUser.mutate(user)}>
            Delete User
          </Button>
        </Group>
      </Stack>
    </MemberModal>
  );
}
