/**
 * The Bid Preferences dialog of the profile page (schemas/bid-preferences.ts): a ranked list of seat
 * choices with the two ways it is bid for the member (a standing bid when the turn starts, auto-bid if
 * it runs out), and the preferred stations and shifts the last-resort assignment uses
 * (bidding-rules.md, "When a turn's deadline passes"). The spec's strategy, attempts and timeout
 * settings are not shown, because our engine has no use for them; the notification flags belong to
 * Notification Settings. Both are sent back unchanged. The ranked list is the same editor as the
 * session page's (RankedListField: drag, keyboard and Move buttons), saved here with the rest.
 */
import { Alert, Button, Center, Group, Loader, MultiSelect, Stack, Switch, Text, Title } from '@mantine/core';
import {
  BID_PREFERENCE_MESSAGES,
  type BidPreferences,
  type Rank,
  SHIFTS,
  type Shift,
  type Station,
} from '@stationbid/domain';
import { useState } from 'react';
import { LoadError } from '../../../../components/load-error.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { isChangedElsewhere, useUpdateBidPreferences } from '../../api/update-bid-preferences.ts';
import { useActiveStationsQuery, useBidPreferencesQuery } from '../../api/user-queries.ts';
import { MemberModal } from '../admin/member-modal.tsx';
import { LazyRankedListField } from '../ranked-list-lazy.tsx';
import { StandingBidSwitch } from '../standing-bid-switch.tsx';

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
          loadSaved={async () => (await preferencesQuery.refetch()).data}
          stations={stationsQuery.data}
          rank={rank}
          onClose={onClose}
        />
      )}
    </MemberModal>
  );
}

/** What the dialog says when a save is refused because the preferences were saved elsewhere since. */
export const PREFERENCES_CHANGED_ELSEWHERE_TEXT = {
  title: 'Your preferences were changed on another device',
  refused:
    'Nothing was saved: your changes were made on an older copy. Load the saved preferences to see them; the changes on this screen will be replaced, so make them again after loading if you still want them.',
  reload: 'Load the saved preferences',
} as const;

interface BidPreferencesFormProps {
  saved: BidPreferences;
  /** Reads the saved preferences afresh (after a save refused as stale), or undefined if that fails. */
  loadSaved: () => Promise<BidPreferences | undefined>;
  stations: Station[];
  /** The member's rank: the seat position their choices may have. */
  rank: Rank;
  onClose: () => void;
}

function BidPreferencesForm({ saved, loadSaved, stations, rank, onClose }: BidPreferencesFormProps) {
  // The draft carries the version of the copy it was made on, which the save sends: a save over
  // preferences changed elsewhere since is refused (409) rather than applied.
  const [draft, setDraft] = useState<BidPreferences>(saved);
  const [isLoadingSaved, setIsLoadingSaved] = useState(false);
  const update = useUpdateBidPreferences({ onSaved: onClose });
  const wasRefusedAsStale = update.isError && isChangedElsewhere(update.error);
  const hasChanges = JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (changes: Partial<BidPreferences>) => {
    if (!wasRefusedAsStale) update.reset();
    setDraft((current) => ({ ...current, ...changes }));
  };
  // After a refusal the saved copy replaces the draft, its version with it, so the next save can go
  // through; without this every later save would carry the old version and be refused again.
  const loadSavedPreferences = async () => {
    setIsLoadingSaved(true);
    try {
      setDraft((await loadSaved()) ?? saved);
      update.reset();
    } finally {
      setIsLoadingSaved(false);
    }
  };
  const describeStation = (stationId: string) => {
    const station = stations.find((candidate) => candidate.id === stationId);
    return station === undefined ? 'A station no longer offered' : `Station ${station.number} (${station.name})`;
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // An emptied list has nothing to bid: the standing bid goes off with it.
        update.mutate({ ...draft, standingBid: draft.standingBid && draft.seatChoices.length > 0 });
      }}
    >
      <Stack gap="md">
        {/* Both switches bid from the list, so it is always shown. */}
        <LazyRankedListField
          choices={draft.seatChoices}
          onChange={(seatChoices) => change({ seatChoices })}
          stations={stations}
          rank={rank}
        />
        <StandingBidSwitch
          checked={draft.standingBid}
          hasChoices={draft.seatChoices.length > 0}
          onChange={(standingBid) => change({ standingBid })}
        />
        <Switch
          label="Auto-bid when my turn runs out"
          description="If your turn runs out without a bid, the first of your seat choices still free is taken for you."
          checked={draft.autoBid}
          onChange={(event) => change({ autoBid: event.currentTarget.checked })}
        />
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
        {wasRefusedAsStale && (
          <Alert color="red" title={PREFERENCES_CHANGED_ELSEWHERE_TEXT.title} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{PREFERENCES_CHANGED_ELSEWHERE_TEXT.refused}</Text>
              <Button size="sm" variant="light" loading={isLoadingSaved} onClick={() => void loadSavedPreferences()}>
                {PREFERENCES_CHANGED_ELSEWHERE_TEXT.reload}
              </Button>
            </Stack>
          </Alert>
        )}
        {update.isError && !wasRefusedAsStale && (
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
