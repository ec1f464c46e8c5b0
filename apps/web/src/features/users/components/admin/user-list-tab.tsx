import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { User } from '@stationbid/domain';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { MemberActions } from './member-actions.tsx';
import type { OpenMemberAction } from './member-dialog.ts';
import { describeBidPriority, describeStationAssignment } from './member-format.ts';
import {
  DEFAULT_USER_LIST_QUERY,
  filterAndSortUsers,
  getFullName,
  type SortDirection,
  USER_LIST_FILTER_LABELS,
  USER_LIST_FILTERS,
  USER_SORT_FIELD_LABELS,
  USER_SORT_FIELDS,
  type UserListFilter,
  type UserListQuery,
  type UserSortField,
} from './user-list-query.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

const FILTER_OPTIONS = USER_LIST_FILTERS.map((value) => ({ value, label: USER_LIST_FILTER_LABELS[value] }));
const SORT_OPTIONS = USER_SORT_FIELDS.map((value) => ({ value, label: USER_SORT_FIELD_LABELS[value] }));
/** Below Mantine's `lg` breakpoint the nine columns do not fit beside the sidebar: cards instead. */
const CARD_LAYOUT_QUERY = '(max-width: 74.99em)';

const DIRECTION_OPTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

interface UserListTabProps {
  users: User[];
  signedInUserId: string;
  reactivatingUserId: string | null;
  onAction: OpenMemberAction;
  onCreate: () => void;
}

/** The User List tab: search, filter and sort, then a table (or cards on a phone) with actions. */
export function UserListTab({ users, signedInUserId, reactivatingUserId, onAction, onCreate }: UserListTabProps) {
  const [query, setQuery] = useState<UserListQuery>(DEFAULT_USER_LIST_QUERY);
  const isCardLayout = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const shown = filterAndSortUsers(users, query);
  const update = (changes: Partial<UserListQuery>) => setQuery((current) => ({ ...current, ...changes }));
  const rowActions = (user: User, size: 'md' | 'lg') => (
    <MemberActions
      user={user}
      size={size}
      isSignedInUser={user.id === signedInUserId}
      isReactivating={reactivatingUserId === user.id}
      onAction={onAction}
    />
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label="Search users"
          placeholder="Name, email or employee ID"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query.search}
          onChange={(event) => update({ search: event.currentTarget.value })}
          type="search"
        />
        <Select
          label="Filter"
          data={FILTER_OPTIONS}
          value={query.filter}
          onChange={(value) => update({ filter: (value ?? 'all') as UserListFilter })}
          allowDeselect={false}
        />
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={query.sortBy}
          onChange={(value) => update({ sortBy: (value ?? 'name') as UserSortField })}
          allowDeselect={false}
        />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="user-sort-direction-label">
            Sort direction
          </Text>
          <SegmentedControl
            aria-labelledby="user-sort-direction-label"
            data={DIRECTION_OPTIONS}
            value={query.sortDirection}
            onChange={(value) => update({ sortDirection: value as SortDirection })}
            fullWidth
          />
        </Stack>
      </SimpleGrid>

      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {shown.length} of {users.length} users
      </Text>

      {users.length === 0 ? (
        <EmptyState title="No Users Yet" text="Add the first member of your department.">
          <Button onClick={onCreate}>Add User</Button>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title="No Users Found" text="No user matches this search and filter.">
          <Button variant="light" onClick={() => setQuery(DEFAULT_USER_LIST_QUERY)}>
            Clear Search and Filter
          </Button>
        </EmptyState>
      ) : isCardLayout ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {shown.map((user) => (
            <UserCard key={user.id} user={user} actions={rowActions(user, 'lg')} />
          ))}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={920}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name / Employee ID</Table.Th>
                <Table.Th>Rank / Position</Table.Th>
                <Table.Th>Years</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Bid priority</Table.Th>
                <Table.Th>Station / Shift</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Text fw={600}>{getFullName(user)}</Text>
                    <Text size="sm" c="dimmed">
                      {user.email}
                    </Text>
                    <Text size="sm">{user.employeeId}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.rank}</Text>
                    <Text size="sm" c="dimmed">
                      {user.position}
                    </Text>
                  </Table.Td>
                  <Table.Td>{user.yearsOfService}</Table.Td>
                  <Table.Td>{user.seniorityScore}</Table.Td>
                  <Table.Td>{describeBidPriority(user)}</Table.Td>
                  <Table.Td>{describeStationAssignment(user)}</Table.Td>
                  <Table.Td>
                    <UserStatusBadge user={user} />
                  </Table.Td>
                  <Table.Td>{rowActions(user, 'md')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="sm">
        <Title order={3}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        {children}
      </Stack>
    </Card>
  );
}

/** One member on a phone: everything the table row shows, stacked, with the same actions. */
function UserCard({ user, actions }: { user: User; actions: ReactNode }) {
  const facts: [string, string | number][] = [
    ['Employee ID', user.employeeId],
    ['Rank', user.rank],
    ['Position', user.position],
    ['Years', user.yearsOfService],
    ['Score', user.seniorityScore],
    ['Bid priority', describeBidPriority(user)],
  ];
  return (
    <Card withBorder padding="md" component="article" aria-label={getFullName(user)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {getFullName(user)}
            </Title>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Text>
          </div>
          <UserStatusBadge user={user} />
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          {facts.map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span c="dimmed" size="sm">
                {label}:
              </Text>{' '}
              {value}
            </Text>
          ))}
        </SimpleGrid>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Station:
          </Text>{' '}
          {describeStationAssignment(user)}
        </Text>
        {actions}
      </Stack>
    </Card>
  );
}
