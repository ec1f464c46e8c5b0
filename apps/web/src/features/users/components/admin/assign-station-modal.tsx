import { Button, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  getSeatPositionForRank,
  MESSAGES,
  SEAT_POSITIONS,
  type SeatPosition,
  SHIFTS,
  type Shift,
  type Station,
  type User,
} from '@stationbid/domain';
import { LoadError } from '../../../../components/load-error.tsx';
import { useAssignStation } from '../../api/admin-assign-station.ts';
import { useActiveStationsQuery } from '../../api/user-queries.ts';
import { focusFirstInvalidField } from '../profile/focus-first-invalid-field.ts';
import { describeStationAssignment } from './member-format.ts';
import { MemberModal } from './member-modal.tsx';
import { getFullName } from './user-list-query.ts';

interface AssignStationFormValues {
  stationId: string | null;
  shift: string | null;
  seatPosition: string | null;
}

const SHIFT_OPTIONS = SHIFTS.map((shift) => ({ value: shift, label: `Shift ${shift}` }));

/** "Free seats on shift B: Captain 0 of 1, Engineer 1 of 1, Firefighter 2 of 4" */
function describeFreeSeats(station: Station, shift: Shift): string {
  const positions = station.availablePositions[shift];
  if (positions.length === 0) return `Station ${station.number} has no seats on shift ${shift}.`;
  const seats = positions.map((entry) => `${entry.position} ${entry.count} of ${entry.total}`).join(', ');
  return `Free seats on shift ${shift}: ${seats}`;
}

/**
 * Assign Station: a free seat at an active station's shift, by default in the position the
 * member's rank sits in. The server decides whether a seat is free and says which is not.
 */
export function AssignStationModal({ user, onClose }: { user: User; onClose: () => void }) {
  const stations = useActiveStationsQuery({ enabled: true });
  const assignStation = useAssignStation({ onSuccess: onClose });
  const rankSeat = getSeatPositionForRank(user.rank);
  const form = useForm<AssignStationFormValues>({
    initialValues: {
      stationId: user.currentStation?.id ?? null,
      shift: user.currentShift,
      seatPosition: user.currentSeatPosition ?? rankSeat,
    },
    validate: {
      stationId: (value) => (value ? null : 'Station is required'),
      shift: (value) => (value ? null : MESSAGES.shiftRequired),
    },
  });
  const selectedStation = stations.data?.find((station) => station.id === form.values.stationId);
  const selectedShift = SHIFTS.find((shift) => shift === form.values.shift);

  const submit = form.onSubmit(({ stationId, shift, seatPosition }) => {
    assignStation.mutate({
      id: user.id,
      body: { stationId, shift: shift as Shift, seatPosition: (seatPosition ?? rankSeat) as SeatPosition },
    });
  }, focusFirstInvalidField(form));

  return (
    <MemberModal onClose={onClose} title="Assign Station">
      <Stack gap="md">
        <Text size="sm">
          {getFullName(user)} ({user.rank}) · now: {describeStationAssignment(user)}
        </Text>
        {stations.isPending ? (
          <Center py="md">
            <Loader aria-label="Loading stations" />
          </Center>
        ) : stations.isError ? (
          <LoadError
            title="Failed to load stations"
            error={stations.error}
            onRetry={() => stations.refetch()}
            isRetrying={stations.isFetching}
          />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Select
                label="Station"
                placeholder="Choose a station"
                required
                searchable
                nothingFoundMessage="No stations available"
                data={stations.data.map((station) => ({
                  value: station.id,
                  label: `Station ${station.number} · ${station.name}`,
                }))}
                {...form.getInputProps('stationId')}
              />
              <Select
                label="Shift"
                placeholder="Choose a shift"
                required
                data={SHIFT_OPTIONS}
                {...form.getInputProps('shift')}
              />
              <Select
                label="Seat position"
                description={`By default the seat of the member's rank: ${rankSeat}.`}
                data={SEAT_POSITIONS}
                allowDeselect={false}
                {...form.getInputProps('seatPosition')}
              />
              {selectedStation !== undefined && selectedShift !== undefined && (
                <Text size="sm" aria-live="polite">
                  {describeFreeSeats(selectedStation, selectedShift)}
                </Text>
              )}
              <Group justify="space-between">
                {user.currentStation === null ? (
                  <span />
                ) : (
                  <Button
                    variant="light"
                    color="red"
                    loading={assignStation.isPending && assignStation.variables?.body.stationId === null}
                    onClick={() => assignStation.mutate({ id: user.id, body: { stationId: null } })}
                  >
                    Remove Assignment
                  </Button>
                )}
                <Group>
                  <Button variant="default" onClick={onClose}>
                    Cancel
                  </Button>
                  <Button
                    type="submit"
                    loading={assignStation.isPending && assignStation.variables?.body.stationId !== null}
                  >
                    Assign Station
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </MemberModal>
  );
}
