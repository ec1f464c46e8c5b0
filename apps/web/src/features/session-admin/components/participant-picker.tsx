/**
 * The session form's participant picker: only active members can be picked; a search and rank,
 * station and shift filters (here, over the whole list the form holds already); Select All Shown and
 * Clear Shown, which touch only the members the search and filters show and say so; and each
 * member's seniority score and department place. The place comes from the server, which ranks by the
 * department's seniority rule (time in rank, hire date, ...), so the administrator sees who would bid first.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { computeSeniorityScore, plural, type Rank, type Shift, type User } from '@stationbid/domain';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import {
  ANY_OPTION,
  fromFilterOption,
  RANK_FILTER_OPTIONS,
  SHIFT_FILTER_OPTIONS,
} from '../../../lib/member-filter-options.ts';
import { useSessionMembersQuery } from '../api/get-session-candidates.ts';

interface PickableMember {
  id: string;
  name: string;
  details: string;
  searchText: string;
  seniorityScore: number;
  bidPriority: number;
  rank: Rank;
  /** The station and shift of the member's seat; null without one. */
  stationId: string | null;
  shift: Shift | null;
}

/** The station filter's value for members without a seat. */
const NO_STATION = 'none';

interface PickerFilters {
  rank: Rank | null;
  /** A station's id, NO_STATION, or null for any. */
  station: string | null;
  shift: Shift | null;
}

const NO_FILTERS: PickerFilters = { rank: null, station: null, shift: null };

function matchesFilters(member: PickableMember, filters: PickerFilters): boolean {
  if (filters.rank !== null && member.rank !== filters.rank) return false;
  if (filters.station === NO_STATION && member.stationId !== null) return false;
  if (filters.station !== null && filters.station !== NO_STATION && member.stationId !== filters.station) return false;
  return filters.shift === null || member.shift === filters.shift;
}

/** The stations the active members sit at, by number, then "Not assigned" when someone has no seat. */
function stationOptions(users: readonly User[]): { value: string; label: string }[] {
  const stations = new Map<string, { number: number; name: string }>();
  let hasUnseated = false;
  for (const user of users) {
    if (!user.isActive) continue;
    if (user.currentStation === null) hasUnseated = true;
    else stations.set(user.currentStation.id, user.currentStation);
  }
  const options = [...stations.entries()]
    .sort(([, a], [, b]) => a.number - b.number)
    .map(([id, station]) => ({ value: id, label: `Station ${station.number} (${station.name})` }));
  return [
    { value: ANY_OPTION, label: 'All stations' },
    ...options,
    ...(hasUnseated ? [{ value: NO_STATION, label: 'Not assigned' }] : []),
  ];
}

/** Active members with their score and department place, first place first. */
function toPickableMembers(users: readonly User[]): PickableMember[] {
  const active = users.filter((user) => user.isActive);
  return active
    .map((user) => {
      const name = `${user.firstName} ${user.lastName}`;
      return {
        id: user.id,
        name,
        details: `${user.rank} · ${user.position} · ${plural(user.yearsOfService, 'year')} · ${user.employeeId}`,
        searchText: `${name} ${user.employeeId} ${user.rank} ${user.email}`.toLocaleLowerCase(),
        seniorityScore: computeSeniorityScore(user),
        bidPriority: user.bidPriority ?? active.length,
        rank: user.rank,
        stationId: user.currentStation?.id ?? null,
        shift: user.currentShift,
      };
    })
    .sort((a, b) => a.bidPriority - b.bidPriority);
}

interface ParticipantPickerProps {
  /** The group's name; a vacancy bid's participants are the members who may be offered its seats. */
  label?: string;
  description?: string | undefined;
  selectedIds: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
  isDisabled: boolean;
}

export function ParticipantPicker({
  label = 'Participants',
  description = 'Only active members can take part. The queue follows seniority: priority #1 bids first.',
  selectedIds,
  onChange,
  error,
  isDisabled,
}: ParticipantPickerProps) {
  const membersQuery = useSessionMembersQuery();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<PickerFilters>(NO_FILTERS);
  const members = useMemo(() => toPickableMembers(membersQuery.data ?? []), [membersQuery.data]);
  const stations = useMemo(() => stationOptions(membersQuery.data ?? []), [membersQuery.data]);
  const needle = search.trim().toLocaleLowerCase();
  const isNarrowed = needle !== '' || filters.rank !== null || filters.station !== null || filters.shift !== null;
  const shown = isNarrowed
    ? members.filter((member) => member.searchText.includes(needle) && matchesFilters(member, filters))
    : members;
  const selected = new Set(selectedIds);
  const shownSelectedCount = shown.filter((member) => selected.has(member.id)).length;
  const activeIds = new Set(members.map((member) => member.id));
  const inactiveSelectedCount =
    membersQuery.data === undefined ? 0 : selectedIds.filter((id) => !activeIds.has(id)).length;
  const selectedActiveCount = selectedIds.length - inactiveSelectedCount;
  const hiddenSelectedCount = selectedActiveCount - shownSelectedCount;
  const updateFilters = (changes: Partial<PickerFilters>) => setFilters((current) => ({ ...current, ...changes }));

  const toggle = (id: string, isChecked: boolean) =>
    onChange(isChecked ? [...selectedIds, id] : selectedIds.filter((selectedId) => selectedId !== id));
  const selectShown = () => onChange([...new Set([...selectedIds, ...shown.map((member) => member.id)])]);
  const clearShown = () => {
    const shownIds = new Set(shown.map((member) => member.id));
    onChange(selectedIds.filter((id) => !shownIds.has(id)));
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby="participant-picker-label">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500} id="participant-picker-label">
          {label}{' '}
          <Text span c="red" aria-hidden>
            *
          </Text>
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {selectedActiveCount} of {members.length} active members selected
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search members"
          placeholder="Search by name, employee ID or rank"
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          disabled={isDisabled}
          flex="1 1 220px"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Select
          label="Rank"
          data={RANK_FILTER_OPTIONS}
          value={filters.rank ?? ANY_OPTION}
          onChange={(value) => updateFilters({ rank: fromFilterOption(value) as Rank | null })}
          allowDeselect={false}
          disabled={isDisabled}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Station"
          data={stations}
          value={filters.station ?? ANY_OPTION}
          onChange={(value) => updateFilters({ station: fromFilterOption(value) })}
          allowDeselect={false}
          disabled={isDisabled}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Shift"
          data={SHIFT_FILTER_OPTIONS}
          value={filters.shift ?? ANY_OPTION}
          onChange={(value) => updateFilters({ shift: fromFilterOption(value) as Shift | null })}
          allowDeselect={false}
          disabled={isDisabled}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {/* What Select All Shown and Clear Shown act on, and what they leave alone. */}
        <Text size="sm" c="dimmed" aria-live="polite">
          {isNarrowed
            ? `Showing ${shown.length} of ${plural(members.length, 'active member')}, ${shownSelectedCount} of them selected.`
            : `Showing all ${plural(members.length, 'active member')}.`}
          {hiddenSelectedCount > 0 &&
            ` ${plural(hiddenSelectedCount, 'selected member')} not shown ${hiddenSelectedCount === 1 ? 'stays' : 'stay'} selected.`}
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            onClick={selectShown}
            disabled={isDisabled || shown.length === 0 || shownSelectedCount === shown.length}
          >
            Select All Shown
          </Button>
          <Button variant="default" onClick={clearShown} disabled={isDisabled || shownSelectedCount === 0}>
            Clear Shown
          </Button>
        </Group>
      </Group>

      {membersQuery.isPending ? (
        <Center py="md">
          <Loader role="status" aria-label="Loading members" size="sm" />
        </Center>
      ) : membersQuery.isError ? (
        <LoadError
          title="Failed to load users"
          error={membersQuery.error}
          onRetry={() => membersQuery.refetch()}
          isRetrying={membersQuery.isFetching}
        />
      ) : (
        <Paper withBorder>
          <ScrollArea.Autosize mah={320} type="auto">
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed" p="sm">
                {members.length === 0
                  ? 'There are no active members yet.'
                  : 'No active member matches the search and filters.'}
              </Text>
            ) : (
              <Stack gap={0}>
                {shown.map((member) => (
                  <Group
                    key={member.id}
                    justify="space-between"
                    wrap="nowrap"
                    gap="sm"
                    px="sm"
                    py={6}
                    style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Checkbox
                      label={member.name}
                      description={member.details}
                      checked={selected.has(member.id)}
                      onChange={(event) => toggle(member.id, event.currentTarget.checked)}
                      disabled={isDisabled}
                    />
                    <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
                      <Badge variant="light" color="blue">
                        Priority #{member.bidPriority}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        Score {member.seniorityScore}
                      </Text>
                    </Stack>
                  </Group>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Paper>
      )}
      {inactiveSelectedCount > 0 && (
        <Alert color="yellow" variant="light">
          {inactiveSelectedCount === 1
            ? '1 participant is no longer active and will be left out when you save.'
            : `${inactiveSelectedCount} participants are no longer active and will be left out when you save.`}
        </Alert>
      )}
      {error !== undefined && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
