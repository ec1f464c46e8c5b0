/**
 * A vacancy bid's open seats in the session form (bidding-rules.md, "Vacancy bids"): one row per
 * seat that opened, each a station (active ones only), a shift and a position, added and removed
 * with plain buttons. Native selects, so a keyboard and a phone choose as they always do. A row
 * whose station has no free seat of that kind says so as it is chosen: a seat someone holds is not
 * opened by hand, it opens when they move (the server refuses it, and has the last word).
 */
import { ActionIcon, Button, Fieldset, Group, Loader, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SEAT_POSITIONS, SHIFTS, type Station } from '@stationbid/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { formatSeatByNumber } from '../../../lib/session-format.ts';
import { useOfferableStationsQuery } from '../api/get-session-candidates.ts';
import { emptyOpenSeat, type OpenSeatFormValue, type SessionFormValues } from '../utils/session-form-values.ts';

/** The server's limit (LIMITS.vacancyOpenSeatsMax) is far above what a form is for; this keeps rows readable. */
const MAX_ROWS = 20;

interface OpenSeatsFieldProps {
  form: UseFormReturnType<SessionFormValues>;
  isDisabled: boolean;
}

/**
 * What the stations list says of a row's seat: how many of that kind are free, or that none is;
 * empty until station, shift and position are all chosen.
 */
function describeFreeSeats(station: Station | undefined, seat: OpenSeatFormValue): { text: string; isNone: boolean } {
  if (station === undefined || seat.shift === '' || seat.position === '') return { text: '', isNone: false };
  // A position whose seats have rules comes as one entry per group.
  const free = station.availablePositions[seat.shift]
    .filter((group) => group.position === seat.position)
    .reduce((sum, group) => sum + group.count, 0);
  const name = formatSeatByNumber(station.number, seat.shift, seat.position);
  return free === 0
    ? { text: `${name} has no free seat: a seat someone holds opens when they move.`, isNone: true }
    : { text: `${name}: ${free} free.`, isNone: false };
}

export function describeOpenSeatRow(index: number): string {
  return `Open seat ${index + 1}`;
}

export function OpenSeatsField({ form, isDisabled }: OpenSeatsFieldProps) {
  const stationsQuery = useOfferableStationsQuery();
  const { openSeats } = form.values;
  const [status, setStatus] = useState('');
  // After a removal the button pressed is gone: focus goes to the next row's, or to Add.
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());
  const register = (key: string) => (element: HTMLElement | null) => {
    if (element === null) controls.current.delete(key);
    else controls.current.set(key, element);
  };
  useEffect(() => {
    if (pendingFocus === null) return;
    controls.current.get(pendingFocus)?.focus();
    setPendingFocus(null);
  }, [pendingFocus]);

  const stations = [...(stationsQuery.data ?? [])].sort((a, b) => a.number - b.number);
  const stationById = new Map(stations.map((station) => [station.id, station]));
  const listError = form.errors.openSeats as string | undefined;

  const addRow = () => {
    const seat = emptyOpenSeat();
    form.insertListItem('openSeats', seat);
    setStatus(`${describeOpenSeatRow(openSeats.length)} added.`);
    setPendingFocus(`${seat.key}:station`);
  };
  const removeRow = (index: number) => {
    const seat = openSeats[index];
    if (seat === undefined) return;
    form.removeListItem('openSeats', index);
    setStatus(`${describeOpenSeatRow(index)} removed.`);
    const next = openSeats[index + 1] ?? openSeats[index - 1];
    setPendingFocus(next === undefined ? 'add' : `${next.key}:remove`);
  };

  if (stationsQuery.isPending) return <Loader role="status" aria-label="Loading stations" size="sm" />;
  if (stationsQuery.isError) {
    return (
      <LoadError
        title="Failed to load stations"
        error={stationsQuery.error}
        onRetry={() => stationsQuery.refetch()}
        isRetrying={stationsQuery.isFetching}
      />
    );
  }

  return (
    <Stack gap="xs" role="group" aria-labelledby="open-seats-label">
      <Text size="sm" fw={500} id="open-seats-label">
        Open seats{' '}
        <Text span c="red" aria-hidden>
          *
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        The seats that opened. They are offered in seniority order; each seat a member leaves is offered next.
      </Text>
      {openSeats.length === 0 ? (
        <Text size="sm">No open seats yet. Add the seat that opened.</Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {openSeats.map((seat, index) => {
            const path = `openSeats.${index}` as const;
            const label = describeOpenSeatRow(index);
            const freeSeats = describeFreeSeats(stationById.get(seat.stationId), seat);
            return (
              <li key={seat.key}>
                <Fieldset legend={label} variant="filled" p="sm" disabled={isDisabled}>
                  <Group gap="sm" align="flex-start" wrap="wrap">
                    <NativeSelect
                      ref={register(`${seat.key}:station`)}
                      label="Station"
                      required
                      style={{ flex: '2 1 200px' }}
                      data={[
                        { value: '', label: 'Choose a station' },
                        ...stations.map((option) => ({
                          value: option.id,
                          label: `Station ${option.number} · ${option.name}`,
                        })),
                      ]}
                      {...form.getInputProps(`${path}.stationId`)}
                    />
                    <NativeSelect
                      label="Shift"
                      required
                      style={{ flex: '1 1 110px' }}
                      data={[
                        { value: '', label: 'Choose' },
                        ...SHIFTS.map((shift) => ({ value: shift, label: `${shift} shift` })),
                      ]}
                      {...form.getInputProps(`${path}.shift`)}
                    />
                    <NativeSelect
                      label="Position"
                      required
                      style={{ flex: '1 1 140px' }}
                      data={[{ value: '', label: 'Choose' }, ...SEAT_POSITIONS]}
                      {...form.getInputProps(`${path}.position`)}
                    />
                  </Group>
                  <Group justify="space-between" gap="xs" wrap="nowrap" mt="xs" align="center">
                    <Text size="xs" c={freeSeats.isNone ? 'orange.9' : 'dimmed'} aria-live="polite">
                      {freeSeats.text}
                    </Text>
                    <ActionIcon
                      ref={register(`${seat.key}:remove`)}
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove ${label}`}
                      disabled={isDisabled}
                      onClick={() => removeRow(index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Fieldset>
              </li>
            );
          })}
        </Stack>
      )}
      <Group gap="sm">
        <Button
          ref={register('add')}
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={addRow}
          disabled={isDisabled || openSeats.length >= MAX_ROWS}
          // The form focuses the first field in error by its path: with no row, that is this button.
          data-path="openSeats"
        >
          Add an open seat
        </Button>
      </Group>
      {listError !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
    </Stack>
  );
}
