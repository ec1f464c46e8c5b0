import { describe, expect, it } from 'vitest';
import {
  createMemberRequestSchema,
  isCalendarDate,
  parseCertificationsCell,
  updateMemberRequestSchema,
} from './member-admin.ts';

const base = { firstName: 'Dana', lastName: 'Hale', email: 'dana@example.org', employeeId: 'E-1' };

describe("a member's seniority keys and certifications", () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isCalendarDate('2014-03-02')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('3/2/2014')).toBe(false);
    expect(isCalendarDate('2014-3-2')).toBe(false);
  });

  it('reads the form: blank clears, codes are upper-cased, a bad date or list number says what to write', () => {
    const parsed = createMemberRequestSchema.parse({
      ...base,
      hireDate: '2008-09-15',
      rankDate: '',
      listNumber: '12',
      certifications: [{ code: ' pm ', expiresOn: '2027-06-30' }, { code: 'DO' }],
    });
    expect(parsed).toMatchObject({
      hireDate: '2008-09-15',
      rankDate: null,
      listNumber: 12,
      certifications: [
        { code: 'PM', expiresOn: '2027-06-30' },
        { code: 'DO', expiresOn: null },
      ],
    });
    const messagesOf = (body: object) => {
      const result = updateMemberRequestSchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messagesOf({ rankDate: '02/03/2014' })).toEqual([
      'Date in rank must be a date written YYYY-MM-DD, such as 2014-03-02',
    ]);
    expect(messagesOf({ listNumber: 0 })).toEqual(['List number must be a whole number of 1 or more']);
    expect(messagesOf({ certifications: [{ code: 'PM' }, { code: 'pm' }] })).toEqual([
      'PM is listed twice; list each certification once',
    ]);
    expect(updateMemberRequestSchema.parse({})).not.toHaveProperty('certifications');
  });

  it('reads the import cell PM:2027-06-30;DO', () => {
    expect(parseCertificationsCell('PM:2027-06-30;DO')).toEqual({
      certifications: [
        { code: 'PM', expiresOn: '2027-06-30' },
        { code: 'DO', expiresOn: null },
      ],
    });
    expect(parseCertificationsCell('')).toEqual({ certifications: [] });
    expect(parseCertificationsCell(' hm ; ')).toEqual({ certifications: [{ code: 'HM', expiresOn: null }] });
    expect(parseCertificationsCell('PM:30/06/2027')).toEqual({
      problem: 'Certification expiry: Expiry date must be a date written YYYY-MM-DD, such as 2014-03-02',
    });
    expect(parseCertificationsCell('P M')).toEqual({
      problem: '"P M" is not a certification code: use the code from the Certifications page, such as PM',
    });
  });
});
