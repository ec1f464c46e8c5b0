/**
 * The Bid Preferences dialog of the profile page (spec sections 3 and 5): auto-bid with a ranked
 * list of seat choices, and the preferred stations and shifts the last-resort assignment uses
 * (bidding-rules.md, "When a turn's deadline passes"). The spec's strategy, attempts and timeout
 * settings are not shown, because our engine has no use for them; the notification flags belong to
 * Notification Settings. Both are sent back unchanged.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  BID_PREFERENCE_LIMITS,
  BID_PREFERENCE_MESSAGES,
  type BidPreferences,
  getSeatPositionForRank,
  type Rank,
  type SeatChoicePreference,
  SHIFTS,
  type Shift,
  type Station,
  seatChoiceKey,
} from '@stationbid/domain';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../../components/load-error.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { useActiveStationsQuery } from '../../api/admin-list-stations.ts';
import { useBidPreferencesQuery } from '../../api/get-bid-preferences.ts';
import { useUpdateBidPreferences } from '../../api/update-bid-preferences.ts';
import { MemberModal } from '../admin/member-modal.tsx';

/** The profile page's button, and the dialog it opens. */
export function BidPreferencesButton({ rank }: { rank: Rank }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setIsOpen(true)}>
        Bid Preferences
      </Button>
      {isOpen && <BidPreferencesDialog rank={rank} onClose={() => setIsOpen(false)} />}
    </>
  );
}

export function BidPreferencesDialog({ rank, onClose }: { rank: Rank; onClose: () => void }) {
  const preferencesQuery = useBidPreferencesQuery({ enabled: true });
  const stationsQuery = useActiveStationsQuery({ enabled: true });
  const failedQuery = preferencesQuery.isError ? preferencesQuery : stationsQuery.isError ? stationsQuery : null;

  return (
    <MemberModal title="Bid Preferences" onClose={onClose}>
      {failedQuery !== null ? (
        <LoadError
          title={preferencesQuery.isError ? BID_PREFERENCE_MESSAGES.loadFailed : 'Failed to load stations'}
          error={failedQuery.error}
          onRetry={() => failedQuery.refetch()}
          isRetrying={failedQuery.isFetching}
        />
      ) : preferencesQuery.data === undefined || stationsQuery.data === undefined ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading preferences" />
        </Center>
      ) : (
        <BidPreferencesForm
          saved={preferencesQuery.data}
          stations={stationsQuery.data}
          seatPosition={getSeatPositionForRank(rank)}
          onClose={onClose}
        />
      )}
    </MemberModal>
  );
}

interface BidPreferencesFormProps {
  saved: BidPreferences;
  stations: Station[];
  /** The only seat position the member may bid on by rank. */
  seatPosition: SeatChoicePreference['seatPosition'];
  onClose: () => void;
}

function BidPreferencesForm({ saved, stations, seatPosition, onClose }: BidPreferencesFormProps) {
  const [draft, setDraft] = useState<BidPreferences>(saved);
  const update = useUpdateBidPreferences({ onSaved: onClose });
  const hasChanges = JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (changes: Partial<BidPreferences>) => {
    update.reset();
    setDraft((current) => ({ ...current, ...changes }));
  };
  const describeStation = (stationId: string) => {
    const station = stations.find((candidate) => candidate.id === stationId);
    return station === undefined ? 'A station no longer offered' : `Station ${station.number} (${station.name})`;
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(draft);
      }}
    >
      <Stack gap="md">
        <Switch
          label="Auto-bid when my turn runs out"
          description="The first of your seat choices still free is taken for you."
          checked={draft.autoBid}
          onChange={(event) => change({ autoBid: event.currentTarget.checked })}
        />
        {draft.autoBid && (
          <SeatChoiceList
            choices={draft.seatChoices}
            stations={stations}
            seatPosition={seatPosition}
            describeStation={describeStation}
            onChange={(seatChoices) => change({ seatChoices })}
          />
        )}
        <Stack gap="xs">
          <Title order={3} size="h5">
            If no choice is left
          </Title>
          <Text size="sm" c="gray.7">
            A member who still has no seat after their second turn is given one, first in these stations and shifts, in
            the order you pick them.
          </Text>
          <MultiSelect
            label="Preferred stations"
            placeholder="Any station"
            data={stations.map((station) => ({ value: station.id, label: describeStation(station.id) }))}
            value={draft.preferredStations}
            onChange={(preferredStations) => change({ preferredStations })}
            searchable
          />
          <MultiSelect
            label="Preferred shifts"
            placeholder="Any shift"
            data={SHIFTS.map((shift) => ({ value: shift, label: `Shift ${shift}` }))}
            value={draft.preferredShifts}
            onChange={(preferredShifts) => change({ preferredShifts: preferredShifts as Shift[] })}
          />
        </Stack>
        {update.isError && (
          <Alert color="red" title={BID_PREFERENCE_MESSAGES.updateFailed} role="alert">
            {getErrorMessage(update.error, BID_PREFERENCE_MESSAGES.updateFailed)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!hasChanges} loading={update.isPending}>
            Save Preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SeatChoiceListProps {
  choices: readonly SeatChoicePreference[];
  stations: Station[];
  seatPosition: SeatChoicePreference['seatPosition'];
  describeStation: (stationId: string) => string;
  onChange: (choices: SeatChoicePreference[]) => void;
}

function SeatChoiceList({ choices, stations, seatPosition, describeStation, onChange }: SeatChoiceListProps) {
  const describeChoice = (choice: SeatChoicePreference) =>
    `${describeStation(choice.stationId)}, shift ${choice.shift}, ${choice.seatPosition}`;
  const move = (from: number, to: number) => {
    const reordered = [...choices];
    const [moved] = reordered.splice(from, 1);
    if (moved === undefined) return;
    reordered.splice(to, 0, moved);
    onChange(reordered);
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Seat choices, best first
      </Title>
      {choices.length === 0 ? (
        <Text size="sm" c="gray.7">
          No seat choices yet.
        </Text>
      ) : (
        <Stack component="ol" gap={4} m={0} p={0} aria-label="Seat choices" style={{ listStyle: 'none' }}>
          {choices.map((choice, index) => {
            const label = describeChoice(choice);
            return (
              <Paper component="li" key={seatChoiceKey(choice)} withBorder px="sm" py={4}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">
                    {index + 1}. {label}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move up: ${label}`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move down: ${label}`}
                      disabled={index === choices.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove: ${label}`}
                      onClick={() => onChange(choices.filter((_, kept) => kept !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <AddSeatChoice
        choices={choices}
        stations={stations}
        seatPosition={seatPosition}
        onAdd={(choice) => onChange([...choices, choice])}
      />
    </Stack>
  );
}

interface AddSeatChoiceProps {
  choices: readonly SeatChoicePreference[];
  stations: Station[];
  seatPosition: SeatChoicePreference['seatPosition'];
  onAdd: (choice: SeatChoicePreference) => void;
}

/** Station, shift and position of a new choice; only shifts with a seat of the member's position. */
function AddSeatChoice({ choices, stations, seatPosition, onAdd }: AddSeatChoiceProps) {
  const [stationId, setStationId] = useState<string | null>(null);
  const [shift, setShift] = useState<Shift | null>(null);
  const station = stations.find((candidate) => candidate.id === stationId);
  const hasSeat = (candidate: Shift) => station === undefined || station.seats[candidate][seatPosition] > 0;
  const choice = stationId !== null && shift !== null ? { stationId, shift, seatPosition } : null;
  const isDuplicate = choice !== null && choices.some((existing) => seatChoiceKey(existing) === seatChoiceKey(choice));
  const isFull = choices.length >= BID_PREFERENCE_LIMITS.seatChoicesMax;

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label="Station"
          placeholder="Choose a station"
          data={stations.map((candidate) => ({
            value: candidate.id,
            label: `Station ${candidate.number} (${candidate.name})`,
          }))}
          value={stationId}
          onChange={(value) => {
            setStationId(value);
            setShift(null);
          }}
          miw={180}
        />
        <Select
          label="Shift"
          placeholder="Shift"
          data={SHIFTS.map((candidate) => ({
            value: candidate,
            label: `Shift ${candidate}`,
            disabled: !hasSeat(candidate),
          }))}
          value={shift}
          onChange={(value) => setShift(value as Shift | null)}
          miw={100}
        />
        <Select label="Seat position" data={[seatPosition]} value={seatPosition} readOnly miw={120} />
      </Group>
      {isDuplicate && (
        <Text size="sm" c="red.8">
          {BID_PREFERENCE_MESSAGES.seatChoiceDuplicate}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          disabled={choice === null || isDuplicate || isFull}
          onClick={() => {
            if (choice === null) return;
            onAdd(choice);
            setStationId(null);
            setShift(null);
          }}
        >
          Add choice
        </Button>
        {isFull && (
          <Text size="sm" c="gray.7">
            {BID_PREFERENCE_MESSAGES.seatChoicesTooMany}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
