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
 * Load it lazily from other pages (LazyRankedListEditor in ranked-list-lazy.tsx): it brings dnd-kit.
 */
import { Alert, Button, Center, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import type { BidPreferences, SeatChoicePreference } from '@stationbid/domain';
import { BID_PREFERENCE_MESSAGES } from '@stationbid/domain';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { useUpdateBidPreferences } from '../api/update-bid-preferences.ts';
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

export function RankedListEditor({ board, title = 'Your ranked list', headingOrder = 3 }: RankedListEditorProps) {
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
      stations={stationsQuery.data}
      rank={rank}
      board={board}
      title={title}
      headingOrder={headingOrder}
    />
  );
}

export default RankedListEditor;

interface RankedListEditorFormProps extends Required<Pick<RankedListEditorProps, 'title' | 'headingOrder'>> {
  saved: BidPreferences;
  stations: Parameters<typeof RankedListField>[0]['stations'];
  rank: Parameters<typeof RankedListField>[0]['rank'];
  board: RankedListBoard | undefined;
}

function RankedListEditorForm({ saved, stations, rank, board, title, headingOrder }: RankedListEditorFormProps) {
  // `base` is what the server holds as far as this editor knows; `draft` is what is on screen.
  const [base, setBase] = useState<Draft>(() => draftOf(saved));
  const [draft, setDraft] = useState<Draft>(base);
  const [savedHere, setSavedHere] = useState(false);
  const update = useUpdateBidPreferences({
    onSaved: (preferences) => {
      const stored = draftOf(preferences);
      setBase(stored);
      setDraft(stored);
      setSavedHere(true);
    },
  });
  const isDirty = !sameDraft(draft, base);

  // A save made elsewhere (the profile's dialog, another tab's refetch) becomes the new base, and
  // replaces what is on screen only while nothing here is unsaved: an edit on screen is never
  // replaced behind the member's back. (Adjusted during render, as React advises for derived state.)
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    const incoming = draftOf(saved);
    setBase(incoming);
    if (!isDirty) setDraft(incoming);
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
    update.reset();
    setSavedHere(false);
    setDraft((current) => ({ ...current, ...changes }));
  };
  // An emptied list has nothing to bid: the standing bid goes off with it.
  const save = () =>
    update.mutate({
      autoBid: draft.autoBid,
      standingBid: draft.standingBid && draft.seatChoices.length > 0,
      seatChoices: draft.seatChoices,
    });

  return (
    <form
      aria-label={title}
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
          title={title}
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
        {update.isError && (
          <Alert color="red" title="Your list is not saved" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {getErrorMessage(update.error, BID_PREFERENCE_MESSAGES.updateFailed)} Your changes are still here: try
            again.
          </Alert>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SaveState isDirty={isDirty} isSaving={update.isPending} savedHere={savedHere} failed={update.isError} />
          <Group gap="xs">
            {isDirty && (
              <Button variant="default" onClick={() => change(base)} disabled={update.isPending}>
                Undo changes
              </Button>
            )}
            <Button type="submit" disabled={!isDirty} loading={update.isPending}>
              {update.isError ? 'Try again' : 'Save ranked list'}
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
  failed,
}: {
  isDirty: boolean;
  isSaving: boolean;
  savedHere: boolean;
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
        : [savedHere ? 'Saved' : 'Up to date', 'green.8', <IconCheck key="icon" size={16} aria-hidden />];
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
