import { describe, expect, it } from 'vitest';
import {
  CERTIFICATION_MESSAGES,
  certificationDeletedMessage,
  certificationRequiredBySeatsMessage,
  createCertificationRequestSchema,
} from './certification.ts';
import { mergeSeatGroupEntries, requestedSeatRules, updateStationRequestSchema } from './station.ts';

describe('certification requests', () => {
  it('trims and upper-cases codes and keeps the rule the database checks', () => {
    expect(createCertificationRequestSchema.parse({ code: ' pm ', name: ' Paramedic ' })).toEqual({
      code: 'PM',
      name: 'Paramedic',
    });
    expect(createCertificationRequestSchema.parse({ code: 'haz_mat-2', name: 'x' }).code).toBe('HAZ_MAT-2');
    for (const code of ['', 'P M', '_PM', 'PM!', 'A'.repeat(17)]) {
      expect(createCertificationRequestSchema.safeParse({ code, name: 'x' }).success, code).toBe(false);
    }
    const blank = createCertificationRequestSchema.safeParse({ code: 'PM', name: ' ' });
    expect(blank.error?.issues[0]?.message).toBe(CERTIFICATION_MESSAGES.nameRequired);
  });

  it('words the deletion refusal and answer', () => {
    expect(
      certificationRequiredBySeatsMessage('PM', [
        { stationNumber: 7, shift: 'B', seatPosition: 'Firefighter' },
        { stationNumber: 9, shift: 'A', seatPosition: 'Engineer' },
      ]),
    ).toBe("Station 7's B-shift Firefighter seats (and 1 other seat group) require PM: remove the requirement first");
    expect(certificationDeletedMessage('HM', 1)).toBe(
      'Certification HM deleted; it was removed from 1 member who held it',
    );
  });
});

describe('requestedSeatRules', () => {
  it('reads rules only when an entry states one; plain lists stay counts', () => {
    const plain = updateStationRequestSchema.parse({ availablePositions: { A: [{ position: 'Captain', count: 1 }] } });
    expect(requestedSeatRules(plain)).toBeUndefined();
    const ruled = updateStationRequestSchema.parse({
      availablePositions: {
        B: [
          { position: 'Firefighter', count: 1, requires: ['pm'], mustFill: 'true' },
          { position: 'Captain', count: 1 },
          { position: 'Firefighter', count: '1', requires: ['PM', 'pm'], mustFill: true },
          { position: 'Firefighter', count: 0, requires: ['HM'] },
        ],
      },
    });
    expect(requestedSeatRules(ruled)).toEqual({
      A: [],
      B: [
        { position: 'Captain', count: 1, requires: [], mustFill: false },
        { position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true },
      ],
      C: [],
    });
    // `seats` wins over availablePositions, as before.
    const both = updateStationRequestSchema.parse({
      seats: { A: { Captain: 1 } },
      availablePositions: { A: [{ position: 'Captain', count: 1, requires: ['PM'] }] },
    });
    expect(requestedSeatRules(both)).toBeUndefined();
  });
});

describe('mergeSeatGroupEntries', () => {
  it("adds a position's groups up into the entry a station without rules has", () => {
    const captain = { _id: 's-B-Captain', position: 'Captain' as const, count: 1, total: 1, occupied: 0 };
    expect(
      mergeSeatGroupEntries([
        captain,
        {
          _id: 's-B-Firefighter',
          position: 'Firefighter',
          count: 1,
          total: 1,
          occupied: 0,
          requires: [],
          mustFill: false,
        },
        {
          _id: 's-B-Firefighter-PM-must-fill',
          position: 'Firefighter',
          count: 1,
          total: 2,
          occupied: 1,
          requires: ['PM'],
          mustFill: true,
        },
      ]),
    ).toEqual([captain, { _id: 's-B-Firefighter', position: 'Firefighter', count: 2, total: 3, occupied: 1 }]);
  });
});
