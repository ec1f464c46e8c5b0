import type { Rank, SeatPosition, SessionBoard, Shift } from '@stationbid/domain';
import { useState } from 'react';
import { getEligibleSeatPosition, listPositionChoices, listShiftChoices, listStationChoices } from './seat-options.ts';

/**
 * The station, shift and position a bid is being composed of, offering only free seats the bidder
 * may take (seat-options.ts), as the member's Place Your Bid and the administrator's phone-in form
 * both do. Choosing a station clears shift and position, choosing a shift clears the position, and
 * a choice taken meanwhile (the offer follows every award) reads as not chosen again.
 */
export function useSeatChoice(
  board: Pick<SessionBoard, 'eligibilityMode' | 'stations'>,
  bidderRank: Rank,
  initialStationId = '',
) {
  const [stationId, setStationId] = useState(initialStationId);
  const [shift, setShift] = useState<Shift | null>(null);
  const [position, setPosition] = useState<SeatPosition | null>(null);

  const eligiblePosition = getEligibleSeatPosition(board.eligibilityMode, bidderRank);
  const stationChoices = listStationChoices(board.stations, eligiblePosition);
  const station = board.stations.find((candidate) => candidate.id === stationId);
  const shiftChoices = listShiftChoices(station, eligiblePosition);
  const positionChoices = listPositionChoices(station, shift, eligiblePosition);
  const chosenStation = stationChoices.some((choice) => choice.value === stationId) ? stationId : '';
  const chosenShift = shiftChoices.some((choice) => choice.value === shift) ? shift : null;
  const chosenPosition = positionChoices.some((choice) => choice.value === position) ? position : null;

  return {
    eligiblePosition,
    stationChoices,
    shiftChoices,
    positionChoices,
    chosenStation,
    chosenShift,
    chosenPosition,
    /** The whole seat, as a bid sends it, once all three are chosen; null until then. */
    chosenSeat:
      chosenStation !== '' && chosenShift !== null && chosenPosition !== null
        ? { station: chosenStation, shift: chosenShift, position: chosenPosition }
        : null,
    chooseStation: (nextStationId: string) => {
      setStationId(nextStationId);
      setShift(null);
      setPosition(null);
    },
    chooseShift: (nextShift: Shift | null) => {
      setShift(nextShift);
      setPosition(null);
    },
    choosePosition: setPosition,
  };
}
