/**
 * A phone-in bid: the administrator places the bid of the member holding the turn, who called in
 * their choice. The picker offers only free seats of the session's stations, and only the position
 * the member's rank may take when the session matches positions to rank. Seats the member lacks a
 * certification for stay offered, so the administrator can talk them through with the member on
 * the line: choosing one says at once why the member cannot take it ("Station 2's B-shift
 * Firefighter/PM seat needs Paramedic; Harper Quinn does not hold it."), before anything is sent.
 * The server decides, staffing too. Like a member's own bid, it is confirmed first, in words the
 * administrator reads back on the phone ("Confirm for Grace Hopper: Station 2 · A shift ·
 * Captain"); a refusal stays in the confirmation, beside the seat it is about.
 */
import { Alert, Button, Loader, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type BoardParticipant,
  boardEffectiveDate,
  type ClosedSeatGroup,
  type HeldCertification,
  listClosedSeatGroups,
  type SeatPosition,
  type SessionBoard,
  type Shift,
} from '@stationbid/domain';
import { IconPhoneCall } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { BidConfirmationDialog } from '../../../components/bid-confirmation-dialog.tsx';
import { formatSeatByNumber } from '../../../lib/session-format.ts';
import { useSeatChoice } from '../../../lib/use-seat-choice.ts';
import { useParticipantCertificationsQuery } from '../api/bid-session-queries.ts';
import { useSubmitPhoneInBid } from '../api/submit-phone-in-bid.ts';

interface PhoneInBidFormProps {
  /** The session's board: its free seats and whether positions follow rank. */
  board: SessionBoard;
  turnHolder: BoardParticipant;
}

export function PhoneInBidForm({ board, turnHolder }: PhoneInBidFormProps) {
  if (turnHolder.memberId === null) {
    return (
      <Text size="sm">
        This member's account was deleted: nobody can bid for them. Move them to the back or end the session.
      </Text>
    );
  }
  return <QualifiedPhoneInBidForm board={board} turnHolder={turnHolder} memberId={turnHolder.memberId} />;
}

/** Waits for the member's certifications, so a seat they lack one for is named as it is chosen. */
function QualifiedPhoneInBidForm({ board, turnHolder, memberId }: PhoneInBidFormProps & { memberId: string }) {
  const certificationsQuery = useParticipantCertificationsQuery(board.sessionId, memberId);
  if (certificationsQuery.isPending) {
    return <Loader size="sm" role="status" aria-label={`Loading ${turnHolder.name}'s certifications`} />;
  }
  return (
    <PhoneInBidFields
      board={board}
      turnHolder={turnHolder}
      memberId={memberId}
      // Unread, nothing is said before the bid: the server still checks their cards.
      certifications={certificationsQuery.data?.certifications ?? null}
    />
  );
}

interface PhoneInBidFieldsProps extends PhoneInBidFormProps {
  memberId: string;
  /** The member's certifications as the session counts them; null when they could not be read. */
  certifications: readonly HeldCertification[] | null;
}

function PhoneInBidFields({ board, turnHolder, memberId, certifications }: PhoneInBidFieldsProps) {
  const submitBid = useSubmitPhoneInBid();
  const name = turnHolder.name;
  const isPaused = board.status === 'paused';
  const closedSeats = useMemo(
    () =>
      certifications === null
        ? []
        : listClosedSeatGroups(
            board,
            { rank: turnHolder.rank, certifications, name: turnHolder.name },
            boardEffectiveDate(board, Date.now()),
          ),
    [board, turnHolder.rank, turnHolder.name, certifications],
  );

  const {
    eligiblePosition,
    stationChoices,
    shiftChoices,
    positionChoices,
    chosenStation,
    chosenShift,
    chosenPosition,
    chosenSeat,
    chooseStation,
    chooseShift,
    choosePosition,
  } = useSeatChoice(board, turnHolder.rank);
  const reasonsAgainstChoice = chosenSeat === null ? [] : reasonsAgainst(board, closedSeats, chosenSeat);
  const [confirming, setConfirming] = useState<{ seat: NonNullable<typeof chosenSeat>; label: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosenSeat === null) return;
    const station = board.stations.find((candidate) => candidate.id === chosenSeat.station);
    if (station === undefined) return;
    submitBid.reset();
    setConfirming({
      seat: chosenSeat,
      label: formatSeatByNumber(station.number, chosenSeat.shift, chosenSeat.position),
    });
  };
  const closeConfirmation = () => {
    setConfirming(null);
    submitBid.reset();
  };
  const confirm = () => {
    if (confirming === null) return;
    submitBid.mutate(
      {
        request: { sessionId: board.sessionId, bidData: confirming.seat, userId: memberId },
        memberName: name,
        seatLabel: confirming.label,
      },
      { onSuccess: () => setConfirming(null) },
    );
  };

  return (
    <form onSubmit={submit} aria-label={`Phone-in bid for ${name}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {eligiblePosition === null
            ? `Any free seat of the session's stations.`
            : `${name} is a ${turnHolder.rank}: only ${eligiblePosition} seats are offered.`}
        </Text>
        {certifications === null && (
          <Alert color="yellow" variant="light">
            {name}'s certifications could not be read: every seat of their position is offered, and the server still
            checks their cards.
          </Alert>
        )}
        {stationChoices.length === 0 ? (
          <Alert color="yellow" variant="light">
            No free seat is left that {name} may take. Move them to the back or let the turn run out.
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label="Station"
              value={chosenStation}
              onChange={(event) => chooseStation(event.currentTarget.value)}
              data={[{ value: '', label: 'Choose a station' }, ...stationChoices]}
              disabled={isPaused}
            />
            <NativeSelect
              label="Shift"
              value={chosenShift ?? ''}
              onChange={(event) => chooseShift((event.currentTarget.value || null) as Shift | null)}
              data={[
                { value: '', label: chosenStation === '' ? 'Choose a station first' : 'Choose a shift' },
                ...shiftChoices,
              ]}
              disabled={isPaused || chosenStation === ''}
            />
            <NativeSelect
              label="Position"
              value={chosenPosition ?? ''}
              onChange={(event) => choosePosition((event.currentTarget.value || null) as SeatPosition | null)}
              data={[
                { value: '', label: chosenShift === null ? 'Choose a shift first' : 'Choose a position' },
                ...positionChoices,
              ]}
              disabled={isPaused || chosenShift === null}
            />
          </SimpleGrid>
        )}
        {reasonsAgainstChoice.length > 0 && (
          // Said as the seat is chosen, not an error yet: a status, so the bid's refusal stays the one alert.
          <Alert color="yellow" variant="light" role="status" title={`${name} cannot take this seat`}>
            {reasonsAgainstChoice.map((reason) => (
              <Text key={reason} size="sm">
                {reason}
              </Text>
            ))}
          </Alert>
        )}
        {isPaused && (
          <Text size="sm" c="dimmed">
            Bids wait while the session is paused: resume it first.
          </Text>
        )}
        <div>
          <Button
            type="submit"
            leftSection={<IconPhoneCall size={16} aria-hidden />}
            disabled={chosenSeat === null || isPaused}
            loading={submitBid.isPending}
          >
            Submit Bid for {name}
          </Button>
        </div>
      </Stack>
      <BidConfirmationDialog
        opened={confirming !== null}
        onClose={closeConfirmation}
        title="Confirm the phone-in bid"
        headline={confirming === null ? undefined : `Confirm for ${name}: ${confirming.label}`}
        note={`Read this back to ${name} on the phone. The seat is theirs as soon as the server accepts the bid; it cannot be undone.`}
        confirmLabel={`Confirm bid for ${name}`}
        onConfirm={confirm}
        isPending={submitBid.isPending}
        error={submitBid.isError ? submitBid.error : null}
        errorTitle="The bid was not accepted"
      />
    </form>
  );
}

/**
 * Why the member can take no free seat of the chosen kind (each closed group's reason), or nothing
 * when they can take one: the engine gives the first free seat of the kind they qualify for.
 */
function reasonsAgainst(
  board: SessionBoard,
  closedSeats: readonly ClosedSeatGroup[],
  choice: { station: string; shift: Shift; position: SeatPosition },
): string[] {
  const closed = closedSeats.filter(
    (seat) => seat.station.id === choice.station && seat.shift === choice.shift && seat.position === choice.position,
  );
  const free =
    board.stations
      .find((station) => station.id === choice.station)
      ?.availablePositions[choice.shift].find((entry) => entry.position === choice.position)?.count ?? 0;
  const closedFree = closed.reduce((sum, seat) => sum + seat.free, 0);
  return closed.length > 0 && closedFree >= free ? closed.map((seat) => seat.reason) : [];
}
