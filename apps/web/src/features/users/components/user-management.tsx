/**
 * /admin/users (and /admin/seniority, on its second tab): the administrators' member management.
 * The open tab lives in `?tab=` so a reload or a shared link keeps it.
 */
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useCurrentUser } from '../../auth/index.ts';
import { useReactivateUser } from '../api/admin-reactivate-user.ts';
import { AdminUsersLoader } from './admin/admin-users-loader.tsx';
import type { MemberDialog, OpenMemberAction } from './admin/member-dialog.ts';
import { MemberDialogs } from './admin/member-dialogs.tsx';
import { SeniorityManagementTab } from './admin/seniority-management-tab.tsx';
import { UserListTab } from './admin/user-list-tab.tsx';
import { MemberImportTab } from './member-import-tab.tsx';

const TABS = ['list', 'seniority', 'import'] as const;
export type UserManagementTab = (typeof TABS)[number];

function isUserManagementTab(value: string | null): value is UserManagementTab {
  return TABS.some((tab) => tab === value);
}

export function UserManagement({ initialTab = 'list' }: { initialTab?: UserManagementTab }) {
  const signedInUser = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab = isUserManagementTab(requestedTab) ? requestedTab : initialTab;
  const [dialog, setDialog] = useState<MemberDialog | null>(null);
  const reactivate = useReactivateUser();

  const openCreate = () => setDialog({ kind: 'create' });
  const handleAction: OpenMemberAction = (action, user) => {
    if (action === 'reactivate') reactivate.mutate(user.id);
    else setDialog({ kind: action, user });
  };
  const selectTab = (value: string | null) => {
    if (isUserManagementTab(value)) setSearchParams({ tab: value }, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>User Management</PageTitle>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={openCreate}>
          Add User
        </Button>
      </Group>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list">User List</Tabs.Tab>
          <Tabs.Tab value="seniority">Seniority Management</Tabs.Tab>
          <Tabs.Tab value="import">Import Users</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <UserListTab
            signedInUserId={signedInUser.id}
            reactivatingUserId={reactivate.isPending ? (reactivate.variables ?? null) : null}
            onAction={handleAction}
            onCreate={openCreate}
          />
        </Tabs.Panel>
        <Tabs.Panel value="seniority" pt="md">
          <AdminUsersLoader>
            {(users) => <SeniorityManagementTab users={users} onAction={handleAction} />}
          </AdminUsersLoader>
        </Tabs.Panel>
        <Tabs.Panel value="import" pt="md">
          <MemberImportTab />
        </Tabs.Panel>
      </Tabs>
      <MemberDialogs
        dialog={dialog}
        signedInUserId={signedInUser.id}
        onOpen={setDialog}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
