/**
 * A phone-in bid: the administrator places the bid of the member holding the turn, who called in
 * their choice. The picker offers only free seats of the session's stations, and only the position
 * the member's rank may take when the session matches positions to rank. The server decides; its
 * refusal ("That seat is no longer available", "Time expired! Your turn has passed.") stays on
 * screen beside the form.
 */
import { Alert, Button, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BoardParticipant, SeatPosition, SessionBoard, Shift } from '@stationbid/domain';
import { IconPhoneCall } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSeatChoice } from '../../../lib/use-seat-choice.ts';
import { useSubmitPhoneInBid } from '../api/submit-phone-in-bid.ts';

const BID_FAILURE_MESSAGE = 'Failed to submit bid. Please try again.';

interface PhoneInBidFormProps {
  /** The session's board: its free seats and whether positions follow rank. */
  board: SessionBoard;
  turnHolder: BoardParticipant;
}

export function PhoneInBidForm({ board, turnHolder }: PhoneInBidFormProps) {
  const submitBid = useSubmitPhoneInBid();
  const name = turnHolder.name;
  const memberId = turnHolder.memberId;
  const isPaused = board.status === 'paused';

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosenSeat === null || memberId === null) return;
    submitBid.mutate({
      sessionId: board.sessionId,
      bidData: chosenSeat,
      userId: memberId,
    });
  };

  if (memberId === null) {
    return (
      <Text size="sm">
        This member's account was deleted: nobody can bid for them. Move them to the back or end the session.
      </Text>
    );
  }

  return (
    <form onSubmit={submit} aria-label={`Phone-in bid for ${name}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {eligiblePosition === null
            ? `Any free seat of the session's stations.`
            : `${name} is a ${turnHolder.rank}: only ${eligiblePosition} seats are offered.`}
        </Text>
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
        {submitBid.isError && (
          <Alert color="red" variant="light" role="alert" title="The bid was not accepted">
            {getErrorMessage(submitBid.error, BID_FAILURE_MESSAGE)}
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
    </form>
  );
}
