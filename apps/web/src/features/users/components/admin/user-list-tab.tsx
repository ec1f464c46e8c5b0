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
import type { User } from '@stationbid/domain';
import { IconSearch } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LoadError } from '../../../../components/load-error.tsx';
import { useAdminMemberPages } from '../../api/user-queries.ts';
import { MemberActions } from './member-actions.tsx';
import type { OpenMemberAction } from './member-dialog.ts';
import { describeBidPriority, describeStationAssignment } from './member-format.ts';
import {
  DEFAULT_USER_LIST_QUERY,
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

/** Until measured, a table row (name, e-mail and employee ID stacked) or a phone card is about this tall. */
const ESTIMATED_ROW_HEIGHT = 92;
const ESTIMATED_CARD_HEIGHT = 260;
/** The next page is asked for when the last rendered row is this close to the end of the loaded ones. */
const LOAD_AHEAD_ROWS = 10;
const SEARCH_DEBOUNCE_MS = 300;

interface UserListTabProps {
  signedInUserId: string;
  reactivatingUserId: string | null;
  onAction: OpenMemberAction;
  onCreate: () => void;
}

/**
 * The User List tab: search, filter and sort, answered by the server a page at a time, then a table
 * (or cards on a phone) with actions. Only the rows near the screen are rendered (a department has
 * up to 20,000 members); the next page loads as the list is scrolled, or with Load More.
 */
export function UserListTab({ signedInUserId, reactivatingUserId, onAction, onCreate }: UserListTabProps) {
  const [query, setQuery] = useState<UserListQuery>(DEFAULT_USER_LIST_QUERY);
  const [debouncedSearch] = useDebouncedValue(query.search, SEARCH_DEBOUNCE_MS);
  const isCardLayout = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const pages = useAdminMemberPages({ ...query, search: debouncedSearch.trim() });
  const update = (changes: Partial<UserListQuery>) => setQuery((current) => ({ ...current, ...changes }));
  const isDefaultQuery = debouncedSearch.trim() === '' && query.filter === DEFAULT_USER_LIST_QUERY.filter;

  const users = pages.data?.pages.flatMap((page) => page.users) ?? [];
  const total = pages.data?.pages[0]?.total ?? users.length;

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

      {pages.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading users" />
        </Center>
      ) : pages.isError && users.length === 0 ? (
        <LoadError
          title="Failed to load users"
          error={pages.error}
          onRetry={() => pages.refetch()}
          isRetrying={pages.isFetching}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {users.length} of {total} users
          </Text>
          {total === 0 && isDefaultQuery ? (
            <EmptyState title="No Users Yet" text="Add the first member of your department.">
              <Button onClick={onCreate}>Add User</Button>
            </EmptyState>
          ) : total === 0 ? (
            <EmptyState title="No Users Found" text="No user matches this search and filter.">
              <Button variant="light" onClick={() => setQuery(DEFAULT_USER_LIST_QUERY)}>
                Clear Search and Filter
              </Button>
            </EmptyState>
          ) : (
            <VirtualUserList
              users={users}
              total={total}
              isCardLayout={isCardLayout}
              hasNextPage={pages.hasNextPage}
              isLoadingMore={pages.isFetchingNextPage}
              loadMore={() => void pages.fetchNextPage()}
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
          {pages.isFetchNextPageError && (
            <LoadError
              title="Failed to load users"
              error={pages.error}
              onRetry={() => pages.fetchNextPage()}
              isRetrying={pages.isFetchingNextPage}
            />
          )}
        </>
      )}
    </Stack>
  );
}

interface VirtualUserListProps {
  users: User[];
  total: number;
  isCardLayout: boolean;
  hasNextPage: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  renderActions: (user: User, size: 'md' | 'lg') => ReactNode;
}

/**
 * The loaded members, of which only those near the window's view are in the page. The page itself
 * scrolls (no inner scroll box to get trapped in on a phone); rows keep their place for assistive
 * technology through aria-rowcount and aria-rowindex, or aria-setsize and aria-posinset on cards.
 */
function VirtualUserList({
  users,
  total,
  isCardLayout,
  hasNextPage,
  isLoadingMore,
  loadMore,
  renderActions,
}: VirtualUserListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const estimate = isCardLayout ? ESTIMATED_CARD_HEIGHT : ESTIMATED_ROW_HEIGHT;
  useLayoutEffect(() => {
    setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: users.length,
    estimateSize: () => estimate,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => users[index]?.id ?? index,
    // Where nothing is laid out (tests), keep the estimate instead of a height of 0.
    measureElement: (element) => element.getBoundingClientRect().height || estimate,
  });
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && !isLoadingMore && lastRendered >= users.length - LOAD_AHEAD_ROWS) loadMore();
  }, [hasNextPage, isLoadingMore, lastRendered, users.length, loadMore]);

  const paddingTop = items.length > 0 ? (items[0]?.start ?? 0) - scrollMargin : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? 0) - scrollMargin) : 0;
  const rendered = items.flatMap((item) => {
    const user = users[item.index];
    return user === undefined ? [] : [{ item, user }];
  });

  return (
    <Stack gap="sm">
      <div ref={listRef}>
        {isCardLayout ? (
          <ul aria-label="Users" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            <li aria-hidden style={{ height: paddingTop }} />
            {rendered.map(({ item, user }) => (
              <li
                key={item.key}
                aria-setsize={total}
                aria-posinset={item.index + 1}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ paddingBottom: 'var(--mantine-spacing-sm)' }}
              >
                <UserCard user={user} actions={renderActions(user, 'lg')} />
              </li>
            ))}
            <li aria-hidden style={{ height: paddingBottom }} />
          </ul>
        ) : (
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
                {paddingTop > 0 && (
                  <tr aria-hidden>
                    <td colSpan={8} style={{ height: paddingTop, padding: 0, border: 0 }} />
                  </tr>
                )}
                {rendered.map(({ item, user }) => (
                  <Table.Tr
                    key={item.key}
                    aria-rowindex={item.index + 2}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                  >
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
                {paddingBottom > 0 && (
                  <tr aria-hidden>
                    <td colSpan={8} style={{ height: paddingBottom, padding: 0, border: 0 }} />
                  </tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
      {hasNextPage && (
        <Group justify="center">
          <Button variant="light" onClick={loadMore} loading={isLoadingMore}>
            Load More Users
          </Button>
        </Group>
      )}
      {isLoadingMore && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          Loading more users…
        </Text>
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
