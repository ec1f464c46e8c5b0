import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SessionBoard } from '@stationbid/domain';
import { IconHourglass } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { listStationChoices } from '../../../lib/seat-options.ts';
import { toAssignmentStations } from '../utils/assignment-stations.ts';
import { StationAssignmentsPanel } from './station-assignments-panel.tsx';

export const NO_STATION_SELECTED_MESSAGE = 'Please select a station first';

interface AvailableStationsSectionProps {
  board: SessionBoard;
  isParticipant: boolean;
  /** The member holds the turn and has not bid or skipped yet: stations can be picked. */
  isMyTurn: boolean;
  isPaused: boolean;
  /** The only seat position the member may take, or null when any will do (lib/seat-options.ts). */
  eligiblePosition: Parameters<typeof listStationChoices>[1];
  selectedStationId: string | null;
  onSelectStation: (stationId: string | null) => void;
  /** Opens Place Your Bid with the selected station chosen. */
  onSubmitBid: () => void;
}

/**
 * Available Stations (spec sections 2 and 5): the session's free seats in the shared Station
 * Assignments panel. On the member's turn a station with a seat they may take can be selected and
 * Submit Bid opens Place Your Bid with it; pressed with none selected it says "Please select a
 * station first". Otherwise "Waiting for your turn".
 */
export function AvailableStationsSection({
  board,
  isParticipant,
  isMyTurn,
  isPaused,
  eligiblePosition,
  selectedStationId,
  onSelectStation,
  onSubmitBid,
}: AvailableStationsSectionProps) {
  const titleId = useId();
  const [isNoSelectionShown, setIsNoSelectionShown] = useState(false);
  const selectableIds = new Set(listStationChoices(board.stations, eligiblePosition).map((choice) => choice.value));
  // A station whose last eligible seat went meanwhile is no longer selected.
  const selected = selectedStationId !== null && selectableIds.has(selectedStationId) ? selectedStationId : null;
  const selectedStation = board.stations.find((station) => station.id === selected);

  const submit = () => {
    if (selected === null) {
      setIsNoSelectionShown(true);
      return;
    }
    setIsNoSelectionShown(false);
    onSubmitBid();
  };

  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4" id={titleId}>
            Available Stations
          </Title>
          {isMyTurn ? (
            <>
              <Text size="sm">
                {selectedStation === undefined
                  ? 'Select a station with a free seat you may take, then press Submit Bid.'
                  : `Selected: Station ${selectedStation.number} · ${selectedStation.name}`}
              </Text>
              <Group gap="sm">
                <Button color="red" onClick={submit} disabled={isPaused}>
                  Submit Bid
                </Button>
                {selected !== null && (
                  <Button variant="default" onClick={() => onSelectStation(null)}>
                    Clear Selection
                  </Button>
                )}
              </Group>
              {isNoSelectionShown && selected === null && (
                <Text c="red.8" size="sm" role="alert">
                  {NO_STATION_SELECTED_MESSAGE}
                </Text>
              )}
            </>
          ) : isParticipant ? (
            <Alert color="blue" variant="light" icon={<IconHourglass aria-hidden />}>
              Waiting for your turn
            </Alert>
          ) : (
            <Text size="sm">Only the session's participants can bid in it.</Text>
          )}
        </Stack>
      </Paper>
      <StationAssignmentsPanel
        stations={toAssignmentStations(board.stations)}
        sessionId={board.sessionId}
        selection={
          isMyTurn
            ? {
                selectedStationId: selected,
                onSelect: (stationId) => {
                  setIsNoSelectionShown(false);
                  onSelectStation(stationId === selected ? null : stationId);
                },
                isSelectable: (stationId) => selectableIds.has(stationId),
                onSubmit: submit,
              }
            : undefined
        }
      />
    </Stack>
  );
}
