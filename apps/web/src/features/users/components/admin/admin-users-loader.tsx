import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { User } from '@stationbid/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { useAdminUsersQuery } from '../../api/admin-list-users.ts';

/** Loads every member and renders `children` with them, or the loader, or the error with Try Again. */
export function AdminUsersLoader({ children }: { children: (users: User[]) => ReactNode }) {
  const query = useAdminUsersQuery();
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading users" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{getErrorMessage(query.error, 'Failed to load users')}</Text>
          <Button variant="light" color="red" onClick={() => query.refetch()} loading={query.isFetching}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return children(query.data);
}
