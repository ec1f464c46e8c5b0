/**
 * Place Your Bid (spec sections 2 and 5): station, shift and position, each offering only free seats
 * the member may take (lib/seat-options.ts), so a bid the server would refuse cannot be composed.
 * Submit stays disabled until all three are chosen. The server still decides: its refusal ("That
 * seat is no longer available", "Time expired! Your turn has passed.") stays in the modal while the
 * free seats are read again. The live page opens it empty; the bidding page opens it with the
 * station picked in its grid, and words an incomplete bid its own way (spec section 5).
 */
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { Participant, SeatPosition, SessionBoard, Shift } from '@stationbid/domain';
import { type FormEvent, useState } from 'react';
import { useIsSmallScreen } from '../../../hooks/use-is-small-screen.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSeatChoice } from '../../../lib/use-seat-choice.ts';
import type { useSubmitBid } from '../api/submit-bid.ts';

export const BID_FAILURE_MESSAGE = 'Failed to submit bid. Please try again.';
export const INCOMPLETE_BID_MESSAGE = 'Please fill in all fields';

export interface PlaceBidModalProps {
  isOpen: boolean;
  onClose: () => void;
  board: SessionBoard;
  bidder: Participant;
  submitBid: ReturnType<typeof useSubmitBid>;
  /** The station chosen before the modal opened (the bidding page's station grid); none by default. */
  initialStationId?: string | null;
  /** The page's own wording of an incomplete bid (spec section 5); the live page's by default. */
  incompleteMessage?: string;
}

export function PlaceBidModal({
  isOpen,
  onClose,
  board,
  bidder,
  submitBid,
  initialStationId = null,
  incompleteMessage = INCOMPLETE_BID_MESSAGE,
}: PlaceBidModalProps) {
  const isSmallScreen = useIsSmallScreen();
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
  } = useSeatChoice(board, bidder.user.rank, initialStationId ?? '');
  const [isIncompleteShown, setIsIncompleteShown] = useState(false);
  // Each opening starts from the station chosen outside (or none): set while rendering, so the
  // first frame of the modal already shows it.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      chooseStation(initialStationId ?? '');
      setIsIncompleteShown(false);
    }
  }

  const close = () => {
    chooseStation('');
    setIsIncompleteShown(false);
    submitBid.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosenSeat === null) {
      setIsIncompleteShown(true);
      return;
    }
    setIsIncompleteShown(false);
    submitBid.mutate({ sessionId: board.sessionId, bidData: chosenSeat }, { onSuccess: close });
  };

  return (
    <Modal opened={isOpen} onClose={close} title="Place Your Bid" fullScreen={isSmallScreen} centered>
      <form onSubmit={submit} noValidate aria-label="Place Your Bid">
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {eligiblePosition === null
              ? 'Any free seat of the session is offered.'
              : `As a ${bidder.user.rank} you may take ${eligiblePosition} seats: only those are offered.`}
          </Text>
          {stationChoices.length === 0 ? (
            <Alert color="yellow" variant="light">
              No free seat is left that you may take. You can skip your turn and keep the seat you hold.
            </Alert>
          ) : null}
          <NativeSelect
            label="Station"
            value={chosenStation}
            onChange={(event) => chooseStation(event.currentTarget.value)}
            data={[{ value: '', label: 'Choose a station' }, ...stationChoices]}
            disabled={stationChoices.length === 0}
          />
          <NativeSelect
            label="Shift"
            value={chosenShift ?? ''}
            onChange={(event) => chooseShift((event.currentTarget.value || null) as Shift | null)}
            data={[
              { value: '', label: chosenStation === '' ? 'Choose a station first' : 'Choose a shift' },
              ...shiftChoices,
            ]}
            disabled={chosenStation === ''}
          />
          <NativeSelect
            label="Position"
            value={chosenPosition ?? ''}
            onChange={(event) => choosePosition((event.currentTarget.value || null) as SeatPosition | null)}
            data={[
              { value: '', label: chosenShift === null ? 'Choose a shift first' : 'Choose a position' },
              ...positionChoices,
            ]}
            disabled={chosenShift === null}
          />
          {isIncompleteShown && chosenSeat === null && (
            <Text c="red.8" size="sm" role="alert">
              {incompleteMessage}
            </Text>
          )}
          {submitBid.isError && (
            <Alert color="red" variant="light" role="alert" title="Your bid was not accepted">
              {getErrorMessage(submitBid.error, BID_FAILURE_MESSAGE)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={chosenSeat === null} loading={submitBid.isPending}>
              Submit Bid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
