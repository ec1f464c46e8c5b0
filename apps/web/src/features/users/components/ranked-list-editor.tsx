/**
 * The member's ranked list on its own, with its own Save: what the session page shows before the
 * member's turn, so they can put their seats in order while they wait. Two switches beside it use
 * the saved list: the standing bid when the turn starts, auto-bid if the turn runs out.
 *
 * Saving is explicit, with its state always in words beside the button ("Unsaved changes",
 * "Saving…", "Saved"), because a member at 0300 must be able to tell whether the order on screen
 * is the one the engine will use. A failed save keeps every edit on screen with the server's reason
 * and a way to try again; leaving the page with unsaved edits asks first (in the app and on reload).
 *
 * The list follows the member across devices: a save made elsewhere (the live event, a refocus)
 * replaces what is shown when nothing here is unsaved. With unsaved edits here it replaces nothing:
 * the editor says the list was changed on another device and offers to load it, and a save made on
 * the older copy anyway is refused by the server (it carries the copy's version), never applied
 * over the newer list.
 *
 * Load it lazily from other pages (LazyRankedListEditor in ranked-list-lazy.tsx): it brings dnd-kit.
 */
import { Alert, Button, Center, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import type { BidPreferences, SavedBidPreferences, SeatChoicePreference } from '@stationbid/domain';
import { BID_PREFERENCE_MESSAGES } from '@stationbid/domain';
import { IconAlertTriangle, IconCheck, IconDevices } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { isChangedElsewhere, useUpdateBidPreferences } from '../api/update-bid-preferences.ts';
import { useActiveStationsQuery, useBidPreferencesQuery } from '../api/user-queries.ts';
import { RankedListField } from './ranked-list-field.tsx';
import type { RankedListBoard } from './ranked-list-seats.ts';
import { StandingBidSwitch } from './standing-bid-switch.tsx';

export type { RankedListBoard } from './ranked-list-seats.ts';

export interface RankedListEditorProps {
  /**
   * The session's board (`eligibilityMode` and `stations` with their free seats, as
   * GET /bid-sessions/:id/board sends them). When given, each ranked seat is marked Free or Taken
   * there (or Not in this session, Not your position), and Add a seat offers only free seats the
   * member may take in it. Without it (the profile) every seat of the member's position is offered.
   */
  board?: RankedListBoard;
  /** The heading above the list; default "Your ranked list". */
  title?: string;
  /**
   * The heading instead of `title` while the saved list has seats but auto-bid is off, so that a
   * heading promising the list's use ("used if you miss your turn") is never shown when it is not.
   */
  autoBidOffTitle?: string;
  /** The heading's level on the page; default 3. */
  headingOrder?: 2 | 3 | 4;
}

interface Draft {
  autoBid: boolean;
  standingBid: boolean;
  seatChoices: SeatChoicePreference[];
}

const draftOf = (preferences: BidPreferences): Draft => ({
  autoBid: preferences.autoBid,
  standingBid: preferences.standingBid,
  seatChoices: [...preferences.seatChoices],
});
const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

export const CHANGED_ELSEWHERE_TEXT = {
  title: 'Your list was changed on another device',
  refused: 'Nothing was saved: your changes were made on an older copy of the list.',
  offer:
    'Load the saved list to see it. The changes on this screen are not saved and will be replaced; make them again after loading if you still want them.',
  reload: 'Load the saved list',
} as const;

export function RankedListEditor({
  board,
  title = 'Your ranked list',
  autoBidOffTitle,
  headingOrder = 3,
}: RankedListEditorProps) {
  const { rank } = useCurrentUser();
  const preferencesQuery = useBidPreferencesQuery({ enabled: true });
  const stationsQuery = useActiveStationsQuery({ enabled: true });
  const failed = preferencesQuery.isError ? preferencesQuery : stationsQuery.isError ? stationsQuery : null;

  if (failed !== null) {
    return (
      <LoadError
        title={preferencesQuery.isError ? BID_PREFERENCE_MESSAGES.loadFailed : 'Failed to load stations'}
        error={failed.error}
        onRetry={() => failed.refetch()}
        isRetrying={failed.isFetching}
      />
    );
  }
  if (preferencesQuery.data === undefined || stationsQuery.data === undefined) {
    return (
      <Center py="md">
        <Loader role="status" aria-label="Loading your ranked list" />
      </Center>
    );
  }
  return (
    <RankedListEditorForm
      saved={preferencesQuery.data}
      loadSaved={async () => (await preferencesQuery.refetch()).data}
      stations={stationsQuery.data}
      rank={rank}
      board={board}
      title={title}
      autoBidOffTitle={autoBidOffTitle ?? title}
      headingOrder={headingOrder}
    />
  );
}

export default RankedListEditor;

interface RankedListEditorFormProps extends Required<Pick<RankedListEditorProps, 'title' | 'headingOrder'>> {
  saved: SavedBidPreferences;
  /** Reads the saved preferences again; answers them (undefined if that failed). */
  loadSaved: () => Promise<SavedBidPreferences | undefined>;
  autoBidOffTitle: string;
  stations: Parameters<typeof RankedListField>[0]['stations'];
  rank: Parameters<typeof RankedListField>[0]['rank'];
  board: RankedListBoard | undefined;
}

/** The saved list as far as this editor knows, and the version of it the server gave. */
interface Base {
  draft: Draft;
  version: number | undefined;
}

const baseOf = (preferences: SavedBidPreferences): Base => ({
  draft: draftOf(preferences),
  version: preferences.version,
});

function RankedListEditorForm({
  saved,
  loadSaved,
  stations,
  rank,
  board,
  title,
  autoBidOffTitle,
  headingOrder,
}: RankedListEditorFormProps) {
  // `base` is what the server holds as far as this editor knows (and the version a save is made
  // on); `draft` is what is on screen.
  const [base, setBase] = useState<Base>(() => baseOf(saved));
  const [draft, setDraft] = useState<Draft>(base.draft);
  const [savedHere, setSavedHere] = useState(false);
  const [updatedElsewhere, setUpdatedElsewhere] = useState(false);
  // A newer saved list that arrived while this editor had unsaved edits: offered, never applied unasked.
  const [newer, setNewer] = useState<SavedBidPreferences | null>(null);
  const [isLoadingSaved, setIsLoadingSaved] = useState(false);
  const update = useUpdateBidPreferences({
    onSaved: (preferences) => {
      const stored = baseOf(preferences);
      setBase(stored);
      setDraft(stored.draft);
      setNewer(null);
      setSavedHere(true);
      setUpdatedElsewhere(false);
    },
  });
  const isDirty = !sameDraft(draft, base.draft);
  const wasRefusedAsStale = update.isError && isChangedElsewhere(update.error);

  // A save made elsewhere (another device, another tab, the profile's dialog) becomes what is on
  // screen only while nothing here is unsaved; otherwise it is offered (Load the saved list).
  // (Adjusted during render, as React advises for derived state.)
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    const incoming = baseOf(saved);
    const isNews = incoming.version !== base.version || !sameDraft(incoming.draft, base.draft);
    if (!isDirty) {
      setBase(incoming);
      setDraft(incoming.draft);
      setNewer(null);
      if (isNews) {
        setSavedHere(false);
        setUpdatedElsewhere(true);
      }
    } else if (isNews) {
      setNewer(saved);
    }
  }

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const change = (changes: Partial<Draft>) => {
    if (!wasRefusedAsStale) update.reset();
    setSavedHere(false);
    setUpdatedElsewhere(false);
    setDraft((current) => ({ ...current, ...changes }));
  };
  // The saved list replaces what is on screen, at the member's word: read afresh, so it is the latest.
  const loadSavedList = async () => {
    setIsLoadingSaved(true);
    try {
      const latest = (await loadSaved()) ?? newer ?? saved;
      const stored = baseOf(latest);
      setSeen(latest);
      setBase(stored);
      setDraft(stored.draft);
      setNewer(null);
      setSavedHere(false);
      setUpdatedElsewhere(true);
      update.reset();
    } finally {
      setIsLoadingSaved(false);
    }
  };
  // An emptied list has nothing to bid: the standing bid goes off with it. The version is that of
  // the copy the edits were made on, so a save over a list changed elsewhere meanwhile is refused.
  const save = () =>
    update.mutate({
      autoBid: draft.autoBid,
      standingBid: draft.standingBid && draft.seatChoices.length > 0,
      seatChoices: draft.seatChoices,
      ...(base.version === undefined ? {} : { version: base.version }),
    });
  const heading = base.draft.seatChoices.length > 0 && !base.draft.autoBid ? autoBidOffTitle : title;
  const showsChangedElsewhere = wasRefusedAsStale || newer !== null;

  return (
    <form
      aria-label={heading}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <RankedListField
          choices={draft.seatChoices}
          onChange={(seatChoices) => change({ seatChoices })}
          stations={stations}
          rank={rank}
          board={board}
          title={heading}
          headingOrder={headingOrder}
        />
        <StandingBidSwitch
          checked={draft.standingBid}
          hasChoices={draft.seatChoices.length > 0}
          onChange={(standingBid) => change({ standingBid })}
        />
        <Switch
          label="Auto-bid from this list if my turn runs out"
          description={
            draft.autoBid
              ? 'If your turn runs out without a bid, the first seat of your list still free is taken for you.'
              : 'Off: if your turn runs out you are moved to the back of the queue.'
          }
          checked={draft.autoBid}
          onChange={(event) => change({ autoBid: event.currentTarget.checked })}
        />
        {showsChangedElsewhere && (
          <Alert
            color={wasRefusedAsStale ? 'red' : 'yellow'}
            title={CHANGED_ELSEWHERE_TEXT.title}
            role="alert"
            icon={<IconDevices aria-hidden />}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {wasRefusedAsStale ? `${CHANGED_ELSEWHERE_TEXT.refused} ` : ''}
                {CHANGED_ELSEWHERE_TEXT.offer}
              </Text>
              <Button size="sm" variant="light" loading={isLoadingSaved} onClick={() => void loadSavedList()}>
                {CHANGED_ELSEWHERE_TEXT.reload}
              </Button>
            </Stack>
          </Alert>
        )}
        {update.isError && !wasRefusedAsStale && (
          <Alert color="red" title="Your list is not saved" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {getErrorMessage(update.error, BID_PREFERENCE_MESSAGES.updateFailed)} Your changes are still here: try
            again.
          </Alert>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SaveState
            isDirty={isDirty}
            isSaving={update.isPending}
            savedHere={savedHere}
            updatedElsewhere={updatedElsewhere}
            failed={update.isError}
          />
          <Group gap="xs">
            {isDirty && (
              <Button
                variant="default"
                // With a newer list saved elsewhere, undoing means taking that one, not the older copy.
                onClick={() => (showsChangedElsewhere ? void loadSavedList() : change(base.draft))}
                disabled={update.isPending || isLoadingSaved}
              >
                Undo changes
              </Button>
            )}
            <Button type="submit" disabled={!isDirty} loading={update.isPending}>
              {update.isError && !wasRefusedAsStale ? 'Try again' : 'Save ranked list'}
            </Button>
          </Group>
        </Group>
      </Stack>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Leave without saving your ranked list?"
        centered
      >
        <Stack>
          <Text size="sm">
            Your changes are not saved. Bidding for you would use the list and switches as they were.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
            <Button onClick={() => blocker.reset?.()}>Stay</Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

/** The save state in words (never colour alone), read out when it changes. */
function SaveState({
  isDirty,
  isSaving,
  savedHere,
  updatedElsewhere,
  failed,
}: {
  isDirty: boolean;
  isSaving: boolean;
  savedHere: boolean;
  /** What is shown came from a save on another device (or tab), not from this screen. */
  updatedElsewhere: boolean;
  failed: boolean;
}) {
  // The words carry the state in the body's text colour (AA on every card background, light and
  // dark); the icon's colour only repeats it. Mantine's green.9 and orange.9 text was 4.4:1 on the
  // list's card (axe color-contrast).
  const [text, iconColor, icon] = isSaving
    ? ['Saving…', undefined, null]
    : failed
      ? ['Not saved', 'red.8', <IconAlertTriangle key="icon" size={16} aria-hidden />]
      : isDirty
        ? ['Unsaved changes', 'orange.8', <IconAlertTriangle key="icon" size={16} aria-hidden />]
        : [
            savedHere ? 'Saved' : updatedElsewhere ? 'Up to date, as saved on another device' : 'Up to date',
            'green.8',
            <IconCheck key="icon" size={16} aria-hidden />,
          ];
  return (
    <Group gap={4} role="status" aria-live="polite">
      {icon !== null && (
        <Text component="span" c={iconColor} lh={0}>
          {icon}
        </Text>
      )}
      <Text size="sm" fw={500}>
        {text}
      </Text>
    </Group>
  );
}
