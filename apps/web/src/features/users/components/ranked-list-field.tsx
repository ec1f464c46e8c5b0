/**
 * The member's ranked list of seats, best first, as an editable list: the list a standing bid takes
 * the first free seat of when the member's turn starts, and auto-bid when it runs out (bidding-rules.md). Three ways to
 * reorder, so that it works for everyone: drag a row by its handle (mouse or touch), the same
 * handle by keyboard (Space to lift, arrows to move, Space to drop, Escape to cancel, with
 * announcements that name the seat and its place), and plain Move up / Move down buttons for a
 * phone held in one hand or a screen reader that does not pass keys through. This component only
 * edits: saving is its parent's (the profile's dialog, or RankedListEditor).
 *
 * It pulls in dnd-kit, so it is loaded on demand (ranked-list-lazy.tsx): nothing on the first load
 * of the dashboard or the live page imports this module.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MeasuringStrategy,
  type Modifier,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  BID_PREFERENCE_LIMITS,
  BID_PREFERENCE_MESSAGES,
  type Rank,
  type SeatChoicePreference,
  type SeatPosition,
  type Shift,
  type Station,
  seatChoiceKey,
} from '@stationbid/domain';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  describeSeat,
  moveChoice,
  type RankedListBoard,
  SEAT_STANDING_TEXT,
  type SeatStanding,
  type StationName,
  seatPickerOptions,
  seatStanding,
} from './ranked-list-seats.ts';

export interface RankedListFieldProps {
  /** The ranked seats, best first. */
  choices: readonly SeatChoicePreference[];
  onChange: (choices: SeatChoicePreference[]) => void;
  /** The department's active stations: they name the seats and, without a board, fill the pickers. */
  stations: readonly Station[];
  /** The member's rank: which seat position they may add. */
  rank: Rank;
  /** A session's board: marks each seat Free or Taken there, and offers only its free seats to add. */
  board?: RankedListBoard;
  /** The heading above the list. */
  title?: string;
  headingOrder?: 2 | 3 | 4;
}

const STANDING_COLOR: Record<SeatStanding, string> = {
  free: 'green',
  taken: 'red',
  'not-offered': 'gray',
  ineligible: 'gray',
};

// Rows move up and down only; a sideways drift while dragging would only look broken.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export function RankedListField({
  choices,
  onChange,
  stations,
  rank,
  board,
  title = 'Seat choices, best first',
  headingOrder = 3,
}: RankedListFieldProps) {
  const headingId = useId();
  const dndId = useId();
  const reducedMotion = useReducedMotion();
  // What the Move and Remove buttons did, said aloud (the drag announces through dnd-kit).
  const [status, setStatus] = useState('');
  // After a move or removal the button pressed may be disabled or gone: focus goes here instead.
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());
  // The row a drag was last announced over: dnd-kit reports the lifted row itself as the first
  // "over", which would talk over "Picked up …" with "moved to position 1".
  const announcedOver = useRef<UniqueIdentifier | null>(null);

  const names: StationName[] = [...stations, ...(board?.stations ?? [])];
  const ids = choices.map(seatChoiceKey);
  const labelOf = (id: UniqueIdentifier) => {
    const choice = choices.find((candidate) => seatChoiceKey(candidate) === id);
    return choice === undefined ? 'The seat' : describeSeat(choice, names);
  };
  const placeOf = (id: UniqueIdentifier) => `Position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;

  useEffect(() => {
    if (pendingFocus === null) return;
    controls.current.get(pendingFocus)?.focus();
    setPendingFocus(null);
  }, [pendingFocus]);

  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number, control: 'up' | 'down') => {
    const choice = choices[from];
    if (choice === undefined || to < 0 || to >= choices.length) return;
    onChange(moveChoice(choices, from, to));
    const key = seatChoiceKey(choice);
    setStatus(`${describeSeat(choice, names)} moved to position ${to + 1} of ${choices.length}.`);
    // At the top, Move up is disabled: keep the focus on the row with its other button.
    const atEnd = to === 0 || to === choices.length - 1;
    setPendingFocus(`${key}:${atEnd ? (control === 'up' ? 'down' : 'up') : control}`);
  };

  const remove = (index: number) => {
    const choice = choices[index];
    if (choice === undefined) return;
    const rest = choices.filter((_, kept) => kept !== index);
    onChange(rest);
    setStatus(`${describeSeat(choice, names)} removed from your list.`);
    const next = rest[index] ?? rest[index - 1];
    setPendingFocus(next === undefined ? 'add:station' : `${seatChoiceKey(next)}:remove`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return;
    onChange(moveChoice(choices, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const register = (key: string) => (element: HTMLElement | null) => {
    if (element === null) controls.current.delete(key);
    else controls.current.set(key, element);
  };

  return (
    <Stack gap="xs">
      <Title order={headingOrder} size="h5" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        A seat bid for you is the first one still free. Drag a row by its handle, or use the arrow buttons.
      </Text>
      {choices.length === 0 ? (
        <Text size="sm">No seat choices yet. Add one below.</Text>
      ) : (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          // Rows measured again while a seat is lifted: on the session page the board's updates
          // can move the list under a lifted seat, and an arrow key must move it among the rows
          // where they are now, not where they were when it was picked up.
          measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
          modifiers={[verticalOnly]}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                'To pick up a seat, press Space. Use the up and down arrow keys to move it in your list. ' +
                'Press Space again to drop it in its new place, or Escape to cancel.',
            },
            announcements: {
              onDragStart: ({ active }) => {
                announcedOver.current = active.id;
                return `Picked up ${labelOf(active.id)}. ${placeOf(active.id)}.`;
              },
              onDragOver: ({ active, over }) => {
                const overId = over?.id ?? null;
                if (overId === announcedOver.current) return undefined;
                announcedOver.current = overId;
                return overId === null
                  ? `${labelOf(active.id)} is no longer over the list.`
                  : `${labelOf(active.id)} moved to ${placeOf(overId).toLowerCase()}.`;
              },
              onDragEnd: ({ active, over }) =>
                over === null
                  ? `${labelOf(active.id)} dropped. ${placeOf(active.id)}, unchanged.`
                  : `${labelOf(active.id)} dropped. ${placeOf(over.id)}.`,
              onDragCancel: ({ active }) =>
                `Moving cancelled. ${labelOf(active.id)} is back at ${placeOf(active.id).toLowerCase()}.`,
            },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <Stack component="ol" gap={6} m={0} p={0} aria-labelledby={headingId} style={{ listStyle: 'none' }}>
              {choices.map((choice, index) => {
                const key = seatChoiceKey(choice);
                return (
                  <SortableSeatRow
                    key={key}
                    id={key}
                    index={index}
                    count={choices.length}
                    label={describeSeat(choice, names)}
                    stationName={names.find((station) => station.id === choice.stationId)?.name}
                    standing={board === undefined ? undefined : seatStanding(choice, board, rank)}
                    animate={!reducedMotion}
                    register={register}
                    onMove={move}
                    onRemove={() => remove(index)}
                  />
                );
              })}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
      <AddSeat
        choices={choices}
        stations={stations}
        rank={rank}
        board={board}
        stationRef={register('add:station')}
        onAdd={(choice) => {
          onChange([...choices, choice]);
          setStatus(`${describeSeat(choice, names)} added at position ${choices.length + 1}.`);
        }}
      />
    </Stack>
  );
}

interface SortableSeatRowProps {
  id: string;
  index: number;
  count: number;
  label: string;
  stationName: string | undefined;
  standing: SeatStanding | undefined;
  animate: boolean;
  register: (key: string) => (element: HTMLElement | null) => void;
  onMove: (from: number, to: number, control: 'up' | 'down') => void;
  onRemove: () => void;
}

function SortableSeatRow({
  id,
  index,
  count,
  label,
  stationName,
  standing,
  animate,
  register,
  onMove,
  onRemove,
}: SortableSeatRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    // With reduced motion the rows jump to their places instead of sliding.
    transition: animate ? undefined : null,
    attributes: { roleDescription: 'sortable seat' },
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      shadow={isDragging ? 'md' : undefined}
      px="xs"
      py={6}
      data-testid="ranked-seat"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group wrap="nowrap" gap="xs" miw={0}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Drag to reorder: ${label}`}
            {...attributes}
            {...listeners}
            // Escape while a seat is lifted cancels the move; it must not also close a dialog
            // around the list (Mantine's modals skip an Escape whose target says so).
            data-mantine-stop-propagation={isDragging ? 'true' : undefined}
            // The browser must not scroll the page while a finger drags the handle.
            style={{ touchAction: 'none', cursor: isDragging ? 'grabbing' : 'grab' }}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500}>
              {index + 1}. {label}
            </Text>
            {(stationName !== undefined || standing !== undefined) && (
              <Group gap={6} wrap="wrap">
                {stationName !== undefined && (
                  <Text size="xs" c="dimmed">
                    {stationName}
                  </Text>
                )}
                {standing !== undefined && (
                  <Badge size="sm" variant="light" color={STANDING_COLOR[standing]}>
                    {SEAT_STANDING_TEXT[standing]}
                  </Badge>
                )}
              </Group>
            )}
          </Stack>
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            ref={register(`${id}:up`)}
            variant="subtle"
            size="lg"
            aria-label={`Move up: ${label}`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1, 'up')}
          >
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            ref={register(`${id}:down`)}
            variant="subtle"
            size="lg"
            aria-label={`Move down: ${label}`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1, 'down')}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            ref={register(`${id}:remove`)}
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove: ${label}`}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

interface AddSeatProps {
  choices: readonly SeatChoicePreference[];
  stations: readonly Station[];
  rank: Rank;
  board: RankedListBoard | undefined;
  stationRef: (element: HTMLElement | null) => void;
  onAdd: (choice: SeatChoicePreference) => void;
}

/** Station, shift and position of a seat to add at the end of the list. */
function AddSeat({ choices, stations, rank, board, stationRef, onAdd }: AddSeatProps) {
  const [stationId, setStationId] = useState<string | null>(null);
  const [shift, setShift] = useState<Shift | null>(null);
  const [position, setPosition] = useState<SeatPosition | null>(null);
  const options = seatPickerOptions(rank, stations, board);
  const stationChoices = options.stations;
  // A choice the board no longer offers (taken meanwhile) reads as not chosen.
  const chosenStation = stationChoices.some((option) => option.value === stationId) ? stationId : null;
  const shiftChoices = options.shifts(chosenStation);
  const chosenShift = shiftChoices.some((option) => option.value === shift) ? shift : null;
  const positionChoices = options.positions(chosenStation, chosenShift);
  const onlyPosition = positionChoices.length === 1 ? (positionChoices[0]?.value ?? null) : null;
  const chosenPosition = positionChoices.some((option) => option.value === position) ? position : onlyPosition;
  const choice =
    chosenStation !== null && chosenShift !== null && chosenPosition !== null
      ? { stationId: chosenStation, shift: chosenShift, seatPosition: chosenPosition }
      : null;
  const isDuplicate = choice !== null && choices.some((existing) => seatChoiceKey(existing) === seatChoiceKey(choice));
  const isFull = choices.length >= BID_PREFERENCE_LIMITS.seatChoicesMax;

  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" size="sm" fw={600} p={0}>
        Add a seat
      </Text>
      <Group align="flex-end" gap="xs" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          ref={stationRef as (element: HTMLInputElement | null) => void}
          label="Station"
          placeholder={stationChoices.length === 0 ? 'No station to add' : 'Choose a station'}
          data={stationChoices}
          value={chosenStation}
          onChange={(value) => {
            setStationId(value);
            setShift(null);
            setPosition(null);
          }}
          disabled={stationChoices.length === 0}
          miw={180}
        />
        <Select
          label="Shift"
          placeholder="Shift"
          data={shiftChoices}
          value={chosenShift}
          onChange={(value) => {
            setShift(value as Shift | null);
            setPosition(null);
          }}
          disabled={chosenStation === null}
          miw={110}
        />
        <Select
          label="Seat position"
          placeholder="Position"
          data={positionChoices}
          value={chosenPosition}
          onChange={(value) => setPosition(value as SeatPosition | null)}
          disabled={chosenShift === null}
          miw={120}
        />
      </Group>
      {isDuplicate && (
        <Text size="sm" c="red.8" role="alert">
          {BID_PREFERENCE_MESSAGES.seatChoiceDuplicate}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          disabled={choice === null || isDuplicate || isFull}
          onClick={() => {
            if (choice === null) return;
            onAdd(choice);
            setStationId(null);
            setShift(null);
            setPosition(null);
          }}
        >
          Add seat
        </Button>
        {isFull && (
          <Text size="sm" c="dimmed">
            {BID_PREFERENCE_MESSAGES.seatChoicesTooMany}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
