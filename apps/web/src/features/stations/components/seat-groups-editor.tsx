/**
 * The station form's seat groups: per shift, seats of one position set apart because they require
 * certifications (a multi-select of the department's catalogue) or must be filled (minimum
 * staffing). A group's seats are part of that position's count in the seat table; the rest are open
 * to anyone. Each group is a fieldset named by its shift and number, so its controls read as
 * "Shift B, group 1: Seats" to a screen reader; it stacks on a narrow screen.
 */
import { Button, Checkbox, Fieldset, Group, MultiSelect, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  MAX_SEATS_PER_POSITION,
  SEAT_POSITIONS,
  type SeatCounts,
  type SeatPosition,
  SHIFTS,
  type Shift,
} from '@stationbid/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCertificationsQuery } from '../../certifications/index.ts';
import { newSeatGroupKey, type StationFormValues, toSeatCount } from '../utils/station-form-values.ts';

interface SeatGroupsEditorProps {
  form: UseFormReturnType<StationFormValues>;
  seatCounts: SeatCounts;
}

export function SeatGroupsEditor({ form, seatCounts }: SeatGroupsEditorProps) {
  const hasGroups = SHIFTS.some((shift) => form.values.seatGroups[shift].length > 0);
  // The catalogue is read only once a group is shown: a station without rules asks for nothing more.
  const catalogue = useCertificationsQuery({ enabled: hasGroups });
  const known = catalogue.data ?? [];
  const options = (selected: string[]) => {
    const data = known.map((certification) => ({
      value: certification.code,
      label: `${certification.code} – ${certification.name}`,
    }));
    // A code the station names stays shown even if the catalogue no longer has it.
    for (const code of selected) {
      if (!known.some((certification) => certification.code === code)) data.push({ value: code, label: code });
    }
    return data;
  };

  const addGroup = (shift: Shift) => {
    const position = SEAT_POSITIONS.find((candidate) => seatCounts[shift][candidate] > 0) ?? 'Firefighter';
    form.insertListItem(`seatGroups.${shift}`, {
      key: newSeatGroupKey(),
      position,
      count: 1,
      requires: [],
      mustFill: false,
    });
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Certifications and minimum staffing
      </Text>
      <Text size="sm" c="gray.7">
        Set seats apart that require certifications or must be filled. Their seats are part of the counts above; the
        other seats of that position are open to anyone.
      </Text>
      {catalogue.isError && (
        <Text size="sm" role="alert">
          Failed to load the certifications.
        </Text>
      )}
      {SHIFTS.map((shift) => (
        <Stack key={shift} gap="xs">
          {form.values.seatGroups[shift].map((group, index) => {
            const path = `seatGroups.${shift}.${index}` as const;
            const legend = `Shift ${shift}, group ${index + 1}`;
            return (
              <Fieldset key={group.key} legend={legend} variant="filled" p="sm">
                <Stack gap="xs">
                  <Group gap="sm" align="flex-start" wrap="wrap">
                    <Select
                      label="Position"
                      data={[...SEAT_POSITIONS]}
                      allowDeselect={false}
                      w={{ base: '100%', xs: 160 }}
                      {...form.getInputProps(`${path}.position`)}
                    />
                    <NumberInput
                      label="Seats"
                      min={1}
                      max={MAX_SEATS_PER_POSITION}
                      allowDecimal={false}
                      allowNegative={false}
                      w={{ base: '100%', xs: 100 }}
                      {...form.getInputProps(`${path}.count`)}
                    />
                    <MultiSelect
                      label="Requires"
                      placeholder={group.requires.length === 0 ? 'Certifications' : undefined}
                      data={options(group.requires)}
                      searchable
                      clearable
                      nothingFoundMessage={catalogue.isPending ? 'Loading…' : 'No certification by that name'}
                      style={{ flex: '1 1 200px' }}
                      {...form.getInputProps(`${path}.requires`)}
                    />
                  </Group>
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Checkbox
                      label="Must be filled"
                      description="Minimum staffing: bidding never leaves these seats impossible to fill."
                      {...form.getInputProps(`${path}.mustFill`, { type: 'checkbox' })}
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={`Remove ${legend}`}
                      onClick={() => form.removeListItem(`seatGroups.${shift}`, index)}
                    >
                      Remove group
                    </Button>
                  </Group>
                </Stack>
              </Fieldset>
            );
          })}
          <OpenSeatsSummary shift={shift} values={form.values} seatCounts={seatCounts} />
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => addGroup(shift)}
            >
              Add a Shift {shift} seat group
            </Button>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

/** "Shift B Firefighter: 2 in groups, 1 open to anyone", for each position the shift's groups use. */
function OpenSeatsSummary({
  shift,
  values,
  seatCounts,
}: {
  shift: Shift;
  values: StationFormValues;
  seatCounts: SeatCounts;
}) {
  const positions = SEAT_POSITIONS.filter((position: SeatPosition) =>
    values.seatGroups[shift].some((group) => group.position === position),
  );
  if (positions.length === 0) return null;
  return (
    <Text size="sm" c="gray.7">
      {positions
        .map((position) => {
          const inGroups = values.seatGroups[shift]
            .filter((group) => group.position === position)
            .reduce((sum, group) => sum + toSeatCount(group.count), 0);
          const open = Math.max(seatCounts[shift][position] - inGroups, 0);
          return `Shift ${shift} ${position}: ${inGroups} in groups, ${open} open to anyone`;
        })
        .join('; ')}
    </Text>
  );
}
