import type { SeatPosition, Shift, Station } from '@stationbid/domain';

type SeatsPerShift = Partial<Record<SeatPosition, number>>;

interface StationFixture extends Partial<Omit<Station, 'seats'>> {
  number: number;
  name: string;
  /** Seats of each shift by position (the same on A, B and C); default 1 Captain, 1 Engineer, 2 Firefighters. */
  seatsPerShift?: SeatsPerShift;
  /** Members seated, by shift, as [first name, last name, seat position]. */
  seated?: Partial<Record<Shift, [string, string, SeatPosition][]>>;
}

const SHIFT_LIST: Shift[] = ['A', 'B', 'C'];
const POSITION_LIST: SeatPosition[] = ['Captain', 'Lieutenant', 'Engineer', 'Firefighter'];

/**
 * A station as the API sends it, with every derived count (capacity, occupancy, free seats by
 * position, fill rate) worked out from the seats and members given, as the server does.
 */
export function buildStation({
  seatsPerShift = { Captain: 1, Engineer: 1, Firefighter: 2 },
  seated = {},
  ...fields
}: StationFixture): Station {
  const id = fields.id ?? `00000000-0000-4000-8000-${String(fields.number).padStart(12, '0')}`;
  const counts = Object.fromEntries(
    POSITION_LIST.map((position) => [position, seatsPerShift[position] ?? 0]),
  ) as Record<SeatPosition, number>;
  const perShift = <T>(make: (shift: Shift) => T) => ({ A: make('A'), B: make('B'), C: make('C') });
  const shiftCapacity = perShift(() => POSITION_LIST.reduce((sum, position) => sum + counts[position], 0));
  const occupancy = perShift((shift) => seated[shift]?.length ?? 0);
  const totalCapacity = SHIFT_LIST.reduce((sum, shift) => sum + shiftCapacity[shift], 0);
  const totalOccupancy = SHIFT_LIST.reduce((sum, shift) => sum + occupancy[shift], 0);
  return {
    id,
    _id: id,
    location: null,
    address: `${fields.number} Main Street, Riverton`,
    description: null,
    phoneNumber: null,
    email: null,
    isActive: true,
    preferredRanks: [],
    shiftCapacity,
    capacity: shiftCapacity,
    totalCapacity,
    occupancy,
    totalOccupancy,
    currentAssignments: perShift((shift) =>
      (seated[shift] ?? []).map(([firstName, lastName, position], index) => ({
        memberId: `${id}-${shift}-${index}`,
        _id: `${id}-${shift}-${index}`,
        firstName,
        lastName,
        position,
      })),
    ),
    availablePositions: perShift((shift) =>
      POSITION_LIST.filter((position) => counts[position] > 0).map((position) => {
        const occupied = (seated[shift] ?? []).filter(([, , seat]) => seat === position).length;
        return {
          _id: `${id}-${shift}-${position}`,
          position,
          count: counts[position] - occupied,
          total: counts[position],
          occupied,
        };
      }),
    ),
    seats: perShift(() => ({ ...counts })),
    fillRate: totalCapacity === 0 ? 0 : Math.round((totalOccupancy / totalCapacity) * 100),
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}
