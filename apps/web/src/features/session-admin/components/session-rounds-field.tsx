/**
 * The session form's Rounds section (bidding-rules.md, "Rounds"): off, everyone bids in one round as
 * always; on, the queue runs round after round, each for some ranks with its own bid window. The
 * preset fills the department's usual order; each round can be renamed, given ranks, moved and
 * removed with plain buttons (no dragging), so a keyboard and a phone do it as easily as a mouse.
 * A rank another round holds is offered disabled with that round's name: it bids in one round only.
 * Once the session has started its rounds are read-only (the server refuses changes).
 */
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LIMITS } from '@stationbid/domain';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { SessionFormValues } from '../utils/session-form-values.ts';
import {
  describeRound,
  emptyRound,
  OFFICERS_FIRST_LABEL,
  presetRounds,
  rankOptions,
  ranksInNoRound,
} from '../utils/session-rounds-form.ts';

/** The server's limit (sessionRoundsSchema); one per rank would be seven. */
const MAX_ROUNDS = 7;

interface SessionRoundsFieldProps {
  form: UseFormReturnType<SessionFormValues>;
  isDisabled: boolean;
}

export function SessionRoundsField({ form, isDisabled }: SessionRoundsFieldProps) {
  const { roundsEnabled, rounds, bidWindowDuration } = form.values;
  const [status, setStatus] = useState('');
  // After a move or removal the button pressed may be disabled or gone: focus goes here instead.
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

  const roundsError = form.errors.rounds as string | undefined;
  const unplaced = ranksInNoRound(rounds);

  const applyPreset = () => {
    form.setFieldValue('rounds', presetRounds(bidWindowDuration));
    setStatus(`Rounds set: ${OFFICERS_FIRST_LABEL}.`);
  };
  const addRound = () => {
    const round = emptyRound(rounds.length, bidWindowDuration);
    form.insertListItem('rounds', round);
    setStatus(`Round ${rounds.length + 1} added.`);
    setPendingFocus(`${round.key}:name`);
  };
  const move = (from: number, to: number) => {
    const round = rounds[from];
    if (round === undefined || to < 0 || to >= rounds.length) return;
    form.reorderListItem('rounds', { from, to });
    setStatus(`${round.name.trim() || `Round ${from + 1}`} is now round ${to + 1} of ${rounds.length}.`);
    const atEnd = to === 0 || to === rounds.length - 1;
    setPendingFocus(`${round.key}:${atEnd ? (to < from ? 'down' : 'up') : to < from ? 'up' : 'down'}`);
  };
  const remove = (index: number) => {
    const round = rounds[index];
    if (round === undefined) return;
    form.removeListItem('rounds', index);
    setStatus(`${round.name.trim() || `Round ${index + 1}`} removed.`);
    const next = rounds[index + 1] ?? rounds[index - 1];
    setPendingFocus(next === undefined ? 'add' : `${next.key}:remove`);
  };

  return (
    <Stack gap="xs">
      <Switch
        label="Bid in rounds"
        description="Off: everyone bids in one round, in seniority order. On: the queue runs round by round, each for some ranks and with its own bid window."
        disabled={isDisabled}
        {...form.getInputProps('roundsEnabled', { type: 'checkbox' })}
      />
      {roundsEnabled && (
        <Stack gap="xs" role="group" aria-label="Rounds">
          <Group gap="xs" wrap="wrap">
            <Button
              variant="light"
              onClick={applyPreset}
              disabled={isDisabled}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              h="auto"
              py={6}
            >
              Use the preset: {OFFICERS_FIRST_LABEL}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Rounds bid in this order; within a round, by seniority. Chiefs bid with the officers in the preset. Each
            rank bids in one round.
          </Text>
          {rounds.length === 0 ? (
            <Text size="sm">No rounds yet. Use the preset or add a round.</Text>
          ) : (
            <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {rounds.map((round, index) => {
                const path = `rounds.${index}` as const;
                const label = describeRound(round, index);
                return (
                  <li key={round.key}>
                    <Fieldset legend={label} variant="filled" p="sm" disabled={isDisabled}>
                      <Stack gap="xs">
                        <Group gap="sm" align="flex-start" wrap="wrap">
                          <TextInput
                            ref={register(`${round.key}:name`)}
                            label="Round name"
                            required
                            autoComplete="off"
                            maxLength={60}
                            style={{ flex: '1 1 180px' }}
                            {...form.getInputProps(`${path}.name`)}
                          />
                          <NumberInput
                            label="Bid window (minutes)"
                            required
                            min={LIMITS.bidWindowMinutesMin}
                            max={LIMITS.bidWindowMinutesMax}
                            allowDecimal={false}
                            allowNegative={false}
                            clampBehavior="none"
                            w={{ base: '100%', xs: 150 }}
                            {...form.getInputProps(`${path}.bidWindowDuration`)}
                          />
                        </Group>
                        <MultiSelect
                          label="Ranks"
                          required
                          placeholder={round.ranks.length === 0 ? 'Choose the ranks of this round' : undefined}
                          data={rankOptions(rounds, index)}
                          {...form.getInputProps(`${path}.ranks`)}
                        />
                        <Group justify="flex-end" gap={4} wrap="nowrap">
                          <ActionIcon
                            ref={register(`${round.key}:up`)}
                            variant="subtle"
                            size="lg"
                            aria-label={`Move up: ${label}`}
                            disabled={isDisabled || index === 0}
                            onClick={() => move(index, index - 1)}
                          >
                            <IconArrowUp size={18} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            ref={register(`${round.key}:down`)}
                            variant="subtle"
                            size="lg"
                            aria-label={`Move down: ${label}`}
                            disabled={isDisabled || index === rounds.length - 1}
                            onClick={() => move(index, index + 1)}
                          >
                            <IconArrowDown size={18} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            ref={register(`${round.key}:remove`)}
                            variant="subtle"
                            color="red"
                            size="lg"
                            aria-label={`Remove: ${label}`}
                            disabled={isDisabled}
                            onClick={() => remove(index)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Stack>
                    </Fieldset>
                  </li>
                );
              })}
            </Stack>
          )}
          <Group gap="sm" wrap="wrap">
            <Button
              ref={register('add')}
              variant="default"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={addRound}
              disabled={isDisabled || rounds.length >= MAX_ROUNDS}
            >
              Add a round
            </Button>
            {rounds.length > 0 && unplaced.length > 0 && (
              <Text size="sm" c="dimmed">
                In no round: {unplaced.join(', ')}. A participant of these ranks cannot be placed.
              </Text>
            )}
          </Group>
          {roundsError !== undefined && (
            <Text size="sm" c="red.8" role="alert">
              {roundsError}
            </Text>
          )}
          <VisuallyHidden role="status" aria-live="polite">
            {status}
          </VisuallyHidden>
        </Stack>
      )}
    </Stack>
  );
}
