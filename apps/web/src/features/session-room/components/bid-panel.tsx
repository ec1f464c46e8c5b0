/**
 * The member's one bid action (issue 15), shown only while they hold the turn: their ranked list
 * with only the seats still free (a seat someone else takes leaves the list as the live event
 * patches the board), "Another free seat" for any other seat they may take (lib/seat-options.ts),
 * one Bid button, and a confirmation that names the seat. Skip turn sits beside it. Focus moves to
 * the panel's heading when the turn starts, so a keyboard or screen-reader user lands where they act.
 * Loaded on demand (lazy-bid-panel.tsx): only a member whose turn is near ever needs it.
 */
import { Alert, Anchor, Button, Group, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import {
  boardEffectiveDate,
  type HeldCertification,
  listClosedSeatGroups,
  type Participant,
  qualifiedStations,
  type SeatPosition,
  type SessionBoard,
  type Shift,
} from '@stationbid/domain';
import { IconPlayerSkipForward } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BidConfirmationDialog } from '../../../components/bid-confirmation-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useSeatChoice } from '../../../lib/use-seat-choice.ts';
import { useRankedChoicesQuery } from '../api/session-room-queries.ts';
import type { useSubmitBid } from '../api/submit-bid.ts';
import { describeSeat } from '../utils/on-the-clock.ts';
import { listFreeRankedSeats } from '../utils/ranked-seats.ts';
import { SkipTurnDialog, type SkipTurnDialogProps } from './skip-turn-dialog.tsx';

const NO_CERTIFICATIONS: readonly HeldCertification[] = [];

/** The radio value of "Another free seat". */
const OTHER_SEAT = 'other';

export interface BidPanelProps {
  board: SessionBoard;
  bidder: Participant;
  submitBid: ReturnType<typeof useSubmitBid>;
  isPaused: boolean;
  /** Opens the skip confirmation. */
  onSkip: () => void;
  skip: SkipTurnDialogProps;
  /** Changes with each turn of the member's: focus moves to the panel then. */
  turnKey: string;
  /** The member's own certifications as the session counts them (their own place); absent: none. */
  certifications?: readonly HeldCertification[];
}

interface ChosenSeat {
  station: string;
  shift: Shift;
  position: SeatPosition;
  label: string;
}

export function BidPanel({
  board,
  bidder,
  submitBid,
  isPaused,
  onSkip,
  skip,
  turnKey,
  certifications = NO_CERTIFICATIONS,
}: BidPanelProps) {
  const headingId = useId();
  const closedId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const preferencesQuery = useRankedChoicesQuery({ enabled: true });
  // Only seats the member qualifies for are offered: each position counts the seats of the groups
  // whose certifications they hold on the session's day. The server checks it again, staffing too.
  const { offered, closedSeats } = useMemo(() => {
    const member = { rank: bidder.user.rank, certifications };
    const date = boardEffectiveDate(board, Date.now());
    return {
      offered: { ...board, stations: qualifiedStations(board, member, date) },
      closedSeats: listClosedSeatGroups(board, member, date),
    };
  }, [board, bidder.user.rank, certifications]);
  const otherSeat = useSeatChoice(offered, bidder.user.rank);
  const rankedSeats = listFreeRankedSeats(
    preferencesQuery.data?.seatChoices ?? [],
    offered.stations,
    otherSeat.eligiblePosition,
  );
  const rankedCount = preferencesQuery.data?.seatChoices.length ?? 0;
  const [picked, setPicked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ChosenSeat | null>(null);

  useEffect(() => {
    // The turn is the moment to act: the member lands on the bid area, whatever they were doing.
    if (turnKey !== '') headingRef.current?.focus();
  }, [turnKey]);

  // A ranked seat taken meanwhile is no longer offered, so it is no longer picked either.
  const rankedPick = rankedSeats.find((seat) => seat.key === picked);
  const choice: string | null = picked === OTHER_SEAT ? OTHER_SEAT : rankedPick !== undefined ? rankedPick.key : null;
  const hasNoFreeSeat = otherSeat.stationChoices.length === 0;

  const chosenSeat: ChosenSeat | null = (() => {
    if (rankedPick !== undefined) {
      return {
        station: rankedPick.station.id,
        shift: rankedPick.shift,
        position: rankedPick.position,
        label: describeSeat(rankedPick.station.number, rankedPick.shift, rankedPick.position),
      };
    }
    const seat = otherSeat.chosenSeat;
    if (choice !== OTHER_SEAT || seat === null) return null;
    const station = offered.stations.find((candidate) => candidate.id === seat.station);
    if (station === undefined) return null;
    return { ...seat, label: describeSeat(station.number, seat.shift, seat.position) };
  })();

  const closeConfirmation = () => {
    setConfirming(null);
    submitBid.reset();
  };
  const confirm = () => {
    if (confirming === null) return;
    submitBid.mutate(
      {
        sessionId: board.sessionId,
        bidData: { station: confirming.station, shift: confirming.shift, position: confirming.position },
      },
      { onSuccess: () => setConfirming(null) },
    );
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
          Your bid
        </Title>
        {hasNoFreeSeat ? (
          <Alert color="yellow" variant="light">
            No free seat is left that you may take. You can skip your turn and keep the seat you hold.
          </Alert>
        ) : (
          <Radio.Group
            label="Choose a seat"
            description={
              (otherSeat.eligiblePosition === null
                ? 'Your ranked list shows only seats still free.'
                : `Your ranked list shows only ${otherSeat.eligiblePosition} seats still free.`) +
              (closedSeats.length > 0 ? ' Only seats you qualify for are offered.' : '')
            }
            value={choice}
            onChange={setPicked}
          >
            <Stack gap="xs" mt="xs">
              {preferencesQuery.isPending && (
                <Text size="sm" c="gray.7">
                  Loading your ranked list…
                </Text>
              )}
              {preferencesQuery.isError && (
                <Text size="sm" c="red.8">
                  Your ranked list could not be loaded; choose another free seat below.
                </Text>
              )}
              {preferencesQuery.isSuccess && rankedCount === 0 && (
                <Text size="sm" c="gray.7">
                  Your ranked list is empty.{' '}
                  <Anchor component={Link} to={paths.profile} underline="always">
                    Set it in your profile's bid preferences
                  </Anchor>{' '}
                  for next time.
                </Text>
              )}
              {preferencesQuery.isSuccess && rankedCount > 0 && rankedSeats.length === 0 && (
                <Text size="sm" c="gray.7">
                  Every seat of your ranked list is taken or not open to you.
                </Text>
              )}
              {rankedSeats.length > 0 && (
                <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your ranked list">
                  {rankedSeats.map((seat) => (
                    <li key={seat.key}>
                      <Radio
                        value={seat.key}
                        disabled={isPaused}
                        label={`${seat.rank}. ${describeSeat(seat.station.number, seat.shift, seat.position)}`}
                        description={`${seat.station.name} · free (${seat.free} ${seat.free === 1 ? 'seat' : 'seats'})`}
                      />
                    </li>
                  ))}
                </Stack>
              )}
              <Radio
                value={OTHER_SEAT}
                disabled={isPaused}
                label="Another free seat"
                description="Any other seat you may take"
              />
            </Stack>
          </Radio.Group>
        )}
        {choice === OTHER_SEAT && !hasNoFreeSeat && (
          <Stack gap="xs" pl={{ base: 0, xs: 'lg' }}>
            <NativeSelect
              label="Station"
              value={otherSeat.chosenStation}
              onChange={(event) => otherSeat.chooseStation(event.currentTarget.value)}
              data={[{ value: '', label: 'Choose a station' }, ...otherSeat.stationChoices]}
              disabled={isPaused}
            />
            <NativeSelect
              label="Shift"
              value={otherSeat.chosenShift ?? ''}
              onChange={(event) => otherSeat.chooseShift((event.currentTarget.value || null) as Shift | null)}
              data={[
                { value: '', label: otherSeat.chosenStation === '' ? 'Choose a station first' : 'Choose a shift' },
                ...otherSeat.shiftChoices,
              ]}
              disabled={isPaused || otherSeat.chosenStation === ''}
            />
            <NativeSelect
              label="Position"
              value={otherSeat.chosenPosition ?? ''}
              onChange={(event) => otherSeat.choosePosition((event.currentTarget.value || null) as SeatPosition | null)}
              data={[
                { value: '', label: otherSeat.chosenShift === null ? 'Choose a shift first' : 'Choose a position' },
                ...otherSeat.positionChoices,
              ]}
              disabled={isPaused || otherSeat.chosenShift === null}
            />
          </Stack>
        )}
        {closedSeats.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600} id={closedId}>
              Free seats not open to you
            </Text>
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={closedId}>
              {closedSeats.map((seat) => (
                <Text component="li" key={seat.key} size="sm" c="gray.7">
                  {seat.reason}
                </Text>
              ))}
            </Stack>
          </Stack>
        )}
        <Text size="sm" c="gray.7">
          {isPaused
            ? 'The session is paused: bids and skips wait until it resumes.'
            : chosenSeat === null
              ? 'Choose a seat, then press Bid.'
              : `Chosen: ${chosenSeat.label}`}
        </Text>
        <Group gap="sm">
          <Button
            color="red"
            size="md"
            disabled={isPaused || chosenSeat === null}
            onClick={() => {
              submitBid.reset();
              setConfirming(chosenSeat);
            }}
          >
            Bid
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlayerSkipForward size={16} aria-hidden />}
            onClick={onSkip}
            disabled={isPaused}
            loading={skip.isSkipping}
          >
            Skip turn
          </Button>
        </Group>
      </Stack>

      <BidConfirmationDialog
        opened={confirming !== null}
        onClose={closeConfirmation}
        title={confirming === null ? 'Bid' : `Bid for ${confirming.label}?`}
        note="The seat is yours as soon as the server accepts the bid; it cannot be undone."
        confirmLabel="Confirm bid"
        onConfirm={confirm}
        isPending={submitBid.isPending}
        error={submitBid.isError ? submitBid.error : null}
        errorTitle="Your bid was not accepted"
      />
      <SkipTurnDialog {...skip} />
    </Paper>
  );
}
