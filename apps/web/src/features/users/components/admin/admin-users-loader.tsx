import { Center, Loader } from '@mantine/core';
import type { User } from '@stationbid/domain';
import type { ReactNode } from 'react';
import { LoadError } from '../../../../components/load-error.tsx';
import { useAdminUsersQuery } from '../../api/user-queries.ts';

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
      <LoadError
        title="Failed to load users"
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}
