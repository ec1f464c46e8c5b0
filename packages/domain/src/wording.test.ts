import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS, SEAT_POSITIONS } from './constants.ts';
import { formatMoment, indefiniteArticle, ordinal, plural, pluralWord, withArticle } from './wording.ts';

describe('plural', () => {
  it('uses the singular for one and the plural for every other count', () => {
    expect(plural(1, 'seat')).toBe('1 seat');
    expect(plural(2, 'seat')).toBe('2 seats');
    expect(plural(0, 'user')).toBe('0 users');
    expect(plural(1, 'year')).toBe('1 year');
    expect(plural(1.5, 'year')).toBe('1.5 years');
    expect(plural(-1, 'turn')).toBe('-1 turn');
  });

  it('forms regular plurals and takes an irregular one when given', () => {
    expect(plural(2, 'box')).toBe('2 boxes');
    expect(plural(3, 'match')).toBe('3 matches');
    expect(plural(2, 'city')).toBe('2 cities');
    expect(plural(2, 'day')).toBe('2 days');
    expect(plural(3, 'person', 'people')).toBe('3 people');
    expect(plural(1, 'person', 'people')).toBe('1 person');
  });

  it('groups the thousands of a large count', () => {
    expect(plural(1200, 'member')).toBe('1,200 members');
  });

  it('gives the noun alone for a figure shown apart', () => {
    expect(pluralWord(1, 'seat')).toBe('seat');
    expect(pluralWord(4, 'seat')).toBe('seats');
  });

  it('never says "1 <plural>" nor "<other count> <singular>" for any whole count', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), (count) => {
        const words = plural(count, 'seat');
        expect(words.endsWith(Math.abs(count) === 1 ? ' seat' : ' seats')).toBe(true);
      }),
    );
  });
});

describe('ordinal', () => {
  it('suffixes by the English ordinal rule, teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });

  it('ends in st, nd, rd or th after the number, for every whole number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (n) => {
        const suffix = ordinal(n).replace(/[\d,]/g, '');
        const lastTwo = n % 100;
        const expected =
          lastTwo >= 11 && lastTwo <= 13
            ? 'th'
            : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
        expect(suffix).toBe(expected);
      }),
    );
  });
});

describe('withArticle', () => {
  it('takes "an" before a vowel sound and "a" before a consonant sound', () => {
    expect(withArticle('Engineer')).toBe('an Engineer');
    expect(withArticle('Firefighter')).toBe('a Firefighter');
    expect(withArticle('Officer')).toBe('an Officer');
    expect(withArticle('Captain')).toBe('a Captain');
    expect(withArticle('Apparatus Operator')).toBe('an Apparatus Operator');
  });

  it('reads an initialism letter by letter', () => {
    expect(withArticle('EMT')).toBe('an EMT');
    expect(withArticle('FTO')).toBe('an FTO');
    expect(withArticle('BC')).toBe('a BC');
    expect(withArticle('A shift seat')).toBe('an A shift seat');
    expect(withArticle('B shift seat')).toBe('a B shift seat');
  });

  it('reads an acronym on the exception list as a word', () => {
    expect(withArticle('HAZMAT team')).toBe('a HAZMAT team');
    expect(withArticle('FEMA grant')).toBe('a FEMA grant');
    expect(withArticle('OSHA rule')).toBe('an OSHA rule');
  });

  it('goes by sound, not spelling, for a silent h or a "you" sound', () => {
    expect(withArticle('hour')).toBe('an hour');
    expect(withArticle('honest mistake')).toBe('an honest mistake');
    expect(withArticle('unit')).toBe('a unit');
    expect(withArticle('union steward')).toBe('a union steward');
    expect(withArticle('unassigned seat')).toBe('an unassigned seat');
    expect(withArticle('one-time code')).toBe('a one-time code');
    expect(withArticle('uniform')).toBe('a uniform');
    expect(withArticle('unidentified caller')).toBe('an unidentified caller');
  });

  it('reads a leading number as spoken', () => {
    expect(withArticle('8-hour shift')).toBe('an 8-hour shift');
    expect(withArticle('11-minute wait')).toBe('an 11-minute wait');
    expect(withArticle('12-hour shift')).toBe('a 12-hour shift');
    expect(withArticle('1-minute chance')).toBe('a 1-minute chance');
    expect(withArticle('80 ft ladder')).toBe('an 80 ft ladder');
  });

  it('gives every rank and seat position its article', () => {
    const articles = Object.fromEntries([...RANKS, ...SEAT_POSITIONS].map((noun) => [noun, indefiniteArticle(noun)]));
    expect(articles).toEqual({
      Firefighter: 'a',
      Engineer: 'an',
      Lieutenant: 'a',
      Captain: 'a',
      'Battalion Chief': 'a',
      'Deputy Chief': 'a',
      Chief: 'a',
    });
  });

  it('always puts one article and one space before the trimmed noun', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (noun) => {
        const phrase = withArticle(noun);
        expect(phrase === `a ${noun.trim()}` || phrase === `an ${noun.trim()}`).toBe(true);
      }),
    );
  });
});

describe('formatMoment', () => {
  it("writes a moment in the department's zone on the 12-hour clock, the zone named", () => {
    expect(formatMoment('2026-04-02T15:00:00.000Z', 'America/Chicago')).toBe('Apr 2, 2026, 10:00 AM CDT');
    expect(formatMoment(new Date('2026-01-07T03:15:00.000Z'), 'America/Chicago')).toBe('Jan 6, 2026, 9:15 PM CST');
    expect(formatMoment('2026-01-07T00:05:00.000Z', 'UTC')).toBe('Jan 7, 2026, 12:05 AM UTC');
  });

  it('uses plain spaces only, which every font can print', () => {
    expect(formatMoment('2026-04-02T15:00:00.000Z', 'America/New_York')).toMatch(/^[\x20-\x7e]+$/);
  });

  it('says "Not set" for no moment, and names UTC for a zone it does not know', () => {
    expect(formatMoment(null, 'America/Chicago')).toBe('Not set');
    expect(formatMoment('not a date', 'America/Chicago')).toBe('Not set');
    expect(formatMoment('2026-04-02T15:00:00.000Z', 'Mars/Olympus')).toBe('Apr 2, 2026, 3:00 PM UTC');
  });
});
