import {
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { MEMBER_PAGE_LIMITS, type Rank, type Shift, type User } from '@stationbid/domain';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { LoadError } from '../../../../components/load-error.tsx';
import {
  ANY_OPTION,
  fromFilterOption,
  RANK_FILTER_OPTIONS,
  SHIFT_FILTER_OPTIONS,
} from '../../../../lib/member-filter-options.ts';
import { useActiveStationsQuery, useAdminMemberPage } from '../../api/user-queries.ts';
import { MemberActions } from './member-actions.tsx';
import type { OpenMemberAction } from './member-dialog.ts';
import { describeBidPriority, describeStationAssignment } from './member-format.ts';
import {
  DEFAULT_USER_LIST_QUERY,
  describeShownRange,
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

const PAGE_SIZE = MEMBER_PAGE_LIMITS.default;
const SEARCH_DEBOUNCE_MS = 300;

interface UserListTabProps {
  signedInUserId: string;
  reactivatingUserId: string | null;
  onAction: OpenMemberAction;
  onCreate: () => void;
}

/**
 * The User List tab: search, filter (status, rank, station, shift) and sort, answered by the server
 * one page of 50 at a time, then a table (or cards on a phone) with each member's actions menu.
 *
 * Pages rather than an endless list: a chief with some 300 members wants to know where they are
 * ("Showing 51–100 of 312 users"), to come back to the same rows after closing a dialog, and to
 * reach the end of the page; the filters and search do the jumping, Previous and Next the rest.
 */
export function UserListTab({ signedInUserId, reactivatingUserId, onAction, onCreate }: UserListTabProps) {
  const [query, setQuery] = useState<UserListQuery>(DEFAULT_USER_LIST_QUERY);
  const [debouncedSearch] = useDebouncedValue(query.search, SEARCH_DEBOUNCE_MS);
  const isCardLayout = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const stations = useActiveStationsQuery({ enabled: true });
  const criteria = { ...query, search: debouncedSearch.trim() };
  // The cursors of the pages walked through so far, the first page's being null; a new search,
  // filter or order starts again at its first page.
  const criteriaKey = JSON.stringify(criteria);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({
    key: criteriaKey,
    cursors: [null],
  });
  const cursors = paging.key === criteriaKey ? paging.cursors : [null];
  const pageIndex = cursors.length - 1;
  const pageQuery = useAdminMemberPage(criteria, cursors[pageIndex] ?? null);
  const update = (changes: Partial<UserListQuery>) => setQuery((current) => ({ ...current, ...changes }));
  const isDefaultQuery =
    debouncedSearch.trim() === '' &&
    query.filter === DEFAULT_USER_LIST_QUERY.filter &&
    query.rank === null &&
    query.stationId === null &&
    query.shift === null;

  const users = pageQuery.data?.users ?? [];
  const total = pageQuery.data?.total ?? users.length;
  const nextCursor = pageQuery.isPlaceholderData ? null : (pageQuery.data?.nextCursor ?? null);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const goToPage = (next: (string | null)[]) => setPaging({ key: criteriaKey, cursors: next });

  // A deletion can empty the last page: show the one before it rather than an empty table.
  const isEmptiedPage = pageIndex > 0 && !pageQuery.isPlaceholderData && pageQuery.isSuccess && users.length === 0;
  useEffect(() => {
    if (isEmptiedPage) setPaging({ key: criteriaKey, cursors: cursors.slice(0, -1) });
  }, [isEmptiedPage, criteriaKey, cursors]);

  const stationOptions = [
    { value: ANY_OPTION, label: 'All stations' },
    ...(stations.data ?? []).map((station) => ({
      value: station.id,
      label: `Station ${station.number} (${station.name})`,
    })),
  ];

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
        <Select
          label="Rank"
          data={RANK_FILTER_OPTIONS}
          value={query.rank ?? ANY_OPTION}
          onChange={(value) => update({ rank: fromFilterOption(value) as Rank | null })}
          allowDeselect={false}
        />
        <Select
          label="Station"
          data={stationOptions}
          value={query.stationId ?? ANY_OPTION}
          onChange={(value) => update({ stationId: fromFilterOption(value) })}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No station matches"
        />
        <Select
          label="Shift"
          data={SHIFT_FILTER_OPTIONS}
          value={query.shift ?? ANY_OPTION}
          onChange={(value) => update({ shift: fromFilterOption(value) as Shift | null })}
          allowDeselect={false}
        />
      </SimpleGrid>

      {pageQuery.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading users" />
        </Center>
      ) : pageQuery.isError && users.length === 0 ? (
        <LoadError
          title="Failed to load users"
          error={pageQuery.error}
          onRetry={() => pageQuery.refetch()}
          isRetrying={pageQuery.isFetching}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {describeShownRange(pageIndex * PAGE_SIZE, users.length, total)}
          </Text>
          {total === 0 && isDefaultQuery ? (
            <EmptyState title="No Users Yet" text="Add the first member of your department.">
              <Button onClick={onCreate}>Add User</Button>
            </EmptyState>
          ) : total === 0 ? (
            <EmptyState title="No Users Found" text="No user matches this search and these filters.">
              <Button variant="light" onClick={() => setQuery(DEFAULT_USER_LIST_QUERY)}>
                Clear Search and Filters
              </Button>
            </EmptyState>
          ) : (
            <UserPage
              users={users}
              offset={pageIndex * PAGE_SIZE}
              total={total}
              isCardLayout={isCardLayout}
              renderActions={(user, size) => (
                <MemberActions
                  user={user}
                  size={size}
                  isSignedInUser={user.id === signedInUserId}
                  isReactivating={reactivatingUserId === user.id}
                  onAction={onAction}
                />
              )}
            />
          )}
          {total > PAGE_SIZE && (
            <Group component="nav" aria-label="User list pages" justify="space-between" gap="sm" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={16} aria-hidden />}
                disabled={pageIndex === 0}
                onClick={() => goToPage(cursors.slice(0, -1))}
              >
                Previous Page
              </Button>
              <Text size="sm">
                Page {pageIndex + 1} of {pageCount}
              </Text>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={16} aria-hidden />}
                disabled={nextCursor === null}
                loading={pageQuery.isPlaceholderData && pageQuery.isFetching}
                onClick={() => nextCursor !== null && goToPage([...cursors, nextCursor])}
              >
                Next Page
              </Button>
            </Group>
          )}
          {pageQuery.isError && users.length > 0 && (
            <LoadError
              title="Failed to load users"
              error={pageQuery.error}
              onRetry={() => pageQuery.refetch()}
              isRetrying={pageQuery.isFetching}
            />
          )}
        </>
      )}
    </Stack>
  );
}

interface UserPageProps {
  users: User[];
  /** How many members the pages before this one hold. */
  offset: number;
  total: number;
  isCardLayout: boolean;
  renderActions: (user: User, size: 'md' | 'lg') => ReactNode;
}

/**
 * One page of members. Rows keep their place in the whole list for assistive technology through
 * aria-rowcount and aria-rowindex, or aria-setsize and aria-posinset on cards.
 */
function UserPage({ users, offset, total, isCardLayout, renderActions }: UserPageProps) {
  if (isCardLayout) {
    return (
      <ul aria-label="Users" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {users.map((user, index) => (
          <li
            key={user.id}
            aria-setsize={total}
            aria-posinset={offset + index + 1}
            style={{ paddingBottom: 'var(--mantine-spacing-sm)' }}
          >
            <UserCard user={user} actions={renderActions(user, 'lg')} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        fz="sm"
        aria-label="Users"
        aria-rowcount={total + 1}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th scope="col">Name / Employee ID</Table.Th>
            <Table.Th scope="col">Rank / Position</Table.Th>
            <Table.Th scope="col">Years</Table.Th>
            <Table.Th scope="col">Score</Table.Th>
            <Table.Th scope="col">Bid priority</Table.Th>
            <Table.Th scope="col">Station / Shift</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user, index) => (
            <Table.Tr key={user.id} aria-rowindex={offset + index + 2}>
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
              <Table.Td>{renderActions(user, 'md')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
