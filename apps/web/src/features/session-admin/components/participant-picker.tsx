/**
 * The session form's participant picker: only active members can be picked; a
 * search; Select All and Clear All (over the members the search shows); and each member's seniority
 * score and department place. The place comes from the server, which ranks by the department's
 * seniority rule (time in rank, hire date, ...), so the administrator sees who would bid first.
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
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { computeSeniorityScore, type User } from '@stationbid/domain';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useSessionMembersQuery } from '../api/get-session-candidates.ts';

interface PickableMember {
  id: string;
  name: string;
  details: string;
  searchText: string;
  seniorityScore: number;
  bidPriority: number;
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
        details: `${user.rank} · ${user.position} · ${user.yearsOfService} years · ${user.employeeId}`,
        searchText: `${name} ${user.employeeId} ${user.rank} ${user.email}`.toLocaleLowerCase(),
        seniorityScore: computeSeniorityScore(user),
        bidPriority: user.bidPriority ?? active.length,
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
  const members = useMemo(() => toPickableMembers(membersQuery.data ?? []), [membersQuery.data]);
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle === '' ? members : members.filter((member) => member.searchText.includes(needle));
  const selected = new Set(selectedIds);
  const activeIds = new Set(members.map((member) => member.id));
  const inactiveSelectedCount =
    membersQuery.data === undefined ? 0 : selectedIds.filter((id) => !activeIds.has(id)).length;
  const selectedActiveCount = selectedIds.length - inactiveSelectedCount;

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
        <Button variant="light" onClick={selectShown} disabled={isDisabled || shown.length === 0}>
          Select All
        </Button>
        <Button variant="default" onClick={clearShown} disabled={isDisabled || selectedIds.length === 0}>
          Clear All
        </Button>
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
                {members.length === 0 ? 'There are no active members yet.' : 'No active member matches the search.'}
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
