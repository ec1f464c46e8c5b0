/**
 * The create and edit station dialog (schemas/station.ts). Seats are edited as counts
 * per shift and seat position, and some of them may be set apart in groups that require
 * certifications or must be filled (seat-groups-editor.tsx); the total capacity is their sum,
 * shown as the seats are typed, never typed itself. The server has the last word (a taken number, seats members hold), and
 * its refusal is shown as a toast while the dialog stays open.
 */
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  useMatches,
} from '@mantine/core';
import { type GetInputProps, useForm } from '@mantine/form';
import {
  MAX_SEATS_PER_POSITION,
  RANKS,
  SEAT_POSITIONS,
  type SeatCounts,
  SHIFTS,
  type Station,
  sumPositionCounts,
  sumSeatCounts,
} from '@stationbid/domain';
import { useRef } from 'react';
import { useCreateStation } from '../api/create-station.ts';
import { useUpdateStation } from '../api/update-station.ts';
import {
  emptyStationFormValues,
  readSeatCounts,
  type StationFormValues,
  stationToFormValues,
  toStationRequest,
  validateStationForm,
} from '../utils/station-form-values.ts';
import { SeatGroupsEditor } from './seat-groups-editor.tsx';

interface StationFormModalProps {
  opened: boolean;
  /** The station to edit; none to create a new one. */
  station: Station | null;
  onClose: () => void;
}

export function StationFormModal({ opened, station, onClose }: StationFormModalProps) {
  const isSmallScreen = useMatches({ base: true, sm: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={station === null ? 'Add Station' : `Edit Station ${station.number}`}
      size="xl"
      fullScreen={isSmallScreen}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {/* A new form per station, so opening another one never shows the last one's values. */}
      <StationForm key={station?.id ?? 'new'} station={station} onDone={onClose} />
    </Modal>
  );
}

function StationForm({ station, onDone }: { station: Station | null; onDone: () => void }) {
  const createStation = useCreateStation({ onSuccess: onDone });
  const updateStation = useUpdateStation({ onSuccess: onDone });
  const isSaving = createStation.isPending || updateStation.isPending;
  // After a first attempt to save, errors follow the values as they change (e.g. the seat total).
  const hasTriedToSave = useRef(false);

  const form = useForm<StationFormValues>({
    mode: 'controlled',
    initialValues: station === null ? emptyStationFormValues() : stationToFormValues(station),
    validate: validateStationForm,
    onValuesChange: (values) => {
      if (hasTriedToSave.current) form.setErrors(validateStationForm(values));
    },
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      const body = toStationRequest(values);
      if (station === null) createStation.mutate(body);
      else updateStation.mutate({ id: station.id, body });
    },
    (errors) => {
      hasTriedToSave.current = true;
      const firstInvalidField = Object.keys(errors)[0];
      if (firstInvalidField !== undefined) form.getInputNode(firstInvalidField)?.focus();
    },
  );

  const seatCounts = readSeatCounts(form.values);
  const seatTotal = sumSeatCounts(seatCounts);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Station Number"
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('number')}
          />
          <TextInput label="Station Name" required autoComplete="off" {...form.getInputProps('name')} />
        </SimpleGrid>
        <TextInput
          label="Address"
          required
          description="Street, then the city after a comma: the city is the station's location."
          autoComplete="off"
          {...form.getInputProps('address')}
        />
        <Textarea label="Description" rows={3} resize="vertical" {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Phone Number" type="tel" autoComplete="off" {...form.getInputProps('phoneNumber')} />
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        </SimpleGrid>
        <MultiSelect
          label="Preferred Ranks"
          description="Ranks this station prefers to seat."
          data={[...RANKS]}
          clearable
          {...form.getInputProps('preferredRanks')}
        />

        <SeatCountsTable seatCounts={seatCounts} getInputProps={form.getInputProps} />
        <SeatGroupsEditor form={form} seatCounts={seatCounts} />

        <Stack gap={2}>
          <Text size="sm" aria-live="polite" data-testid="station-total-capacity">
            Total capacity: <strong>{seatTotal}</strong> (A {sumPositionCounts(seatCounts.A)}, B{' '}
            {sumPositionCounts(seatCounts.B)}, C {sumPositionCounts(seatCounts.C)}), counted from the seats
          </Text>
          {typeof form.errors.totalCapacity === 'string' && (
            <Text size="sm" c="red" role="alert">
              {form.errors.totalCapacity}
            </Text>
          )}
        </Stack>
        <Checkbox
          label="Active"
          description="Inactive stations are hidden from members and from bidding."
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {station === null ? 'Create Station' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Seats per shift (columns) and seat position (rows), each cell a count of 0 or more. */
function SeatCountsTable({
  seatCounts,
  getInputProps,
}: {
  seatCounts: SeatCounts;
  getInputProps: GetInputProps<StationFormValues>;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="station-seat-counts">
        Seats per shift and position
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table aria-labelledby="station-seat-counts" verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Position</Table.Th>
              {SHIFTS.map((shift) => (
                <Table.Th key={shift} scope="col" ta="center">
                  Shift {shift}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SEAT_POSITIONS.map((position) => (
              <Table.Tr key={position}>
                <Table.Th scope="row" fw={500}>
                  {position}
                </Table.Th>
                {SHIFTS.map((shift) => (
                  <Table.Td key={shift}>
                    <NumberInput
                      aria-label={`Shift ${shift} ${position} seats`}
                      min={0}
                      max={MAX_SEATS_PER_POSITION}
                      allowDecimal={false}
                      allowNegative={false}
                      hideControls
                      size="xs"
                      {...getInputProps(`seats.${shift}.${position}`)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Shift total</Table.Th>
              {SHIFTS.map((shift) => (
                <Table.Td key={shift} ta="center" fw={600}>
                  {sumPositionCounts(seatCounts[shift])}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
