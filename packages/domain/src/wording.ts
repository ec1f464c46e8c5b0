/**
 * Counted nouns, ordinals, indefinite articles and moments, built by rule rather than by hand so a
 * screen never reads "1 years", "a Engineer" or "1 users created". Screens, e-mails, SMS and the
 * printed bid sheet word numbers and times through these, in US English (the product's language).
 */

const LOCALE = 'en-US';
const cardinalRules = new Intl.PluralRules(LOCALE);
const ordinalRules = new Intl.PluralRules(LOCALE, { type: 'ordinal' });
const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** The regular English plural of a noun: seat → seats, box → boxes, city → cities. */
function regularPlural(singular: string): string {
  if (/(s|x|z|ch|sh)$/i.test(singular)) return `${singular}es`;
  if (/[^aeiou]y$/i.test(singular)) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}

/**
 * The noun alone in the form `count` takes: pluralWord(1, 'seat') is "seat", pluralWord(0, 'seat')
 * is "seats". For a screen that shows the figure apart from its noun.
 */
export function pluralWord(count: number, singular: string, pluralForm?: string): string {
  return cardinalRules.select(count) === 'one' ? singular : (pluralForm ?? regularPlural(singular));
}

/**
 * A count and its noun: plural(1, 'seat') is "1 seat", plural(2, 'seat') "2 seats", plural(0, 'user')
 * "0 users", plural(1200, 'member') "1,200 members". Pass the plural for an irregular noun:
 * plural(3, 'person', 'people').
 */
export function plural(count: number, singular: string, pluralForm?: string): string {
  return `${numberFormat.format(count)} ${pluralWord(count, singular, pluralForm)}`;
}

const ORDINAL_SUFFIXES: Readonly<Record<string, string>> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** A whole number as an ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 22nd, 101st. */
export function ordinal(n: number): string {
  return `${numberFormat.format(n)}${ORDINAL_SUFFIXES[ordinalRules.select(n)] ?? 'th'}`;
}

/**
 * Capitalised words that are spoken as words, not letter by letter, so they take the article their
 * sound does ("a FEMA grant", "a HAZMAT team", "an OSHA rule"), unlike an initialism such as EMT,
 * which is said "ee-em-tee" and takes "an".
 */
const ACRONYMS_SPOKEN_AS_WORDS: ReadonlySet<string> = new Set([
  'FEMA',
  'HAZMAT',
  'NASA',
  'NATO',
  'NFPA',
  'OSHA',
  'SCBA',
  'SWAT',
  'UNICEF',
]);

/** Letters whose spoken name starts with a vowel sound: "an F", "an M", "an S", "an X". */
const LETTERS_NAMED_WITH_A_VOWEL = new Set('AEFHILMNORSX');

/** Words spelt with a vowel but said with a consonant ("a unit", "a one-time", "a euro"). */
const CONSONANT_SOUND_PREFIXES = ['uni', 'use', 'usu', 'uti', 'ure', 'uri', 'uro', 'uku', 'eu', 'ewe', 'one', 'once'];
/** Words starting "uni" that are said "un-": "an unidentified caller", "an unimportant detail". */
const UN_PREFIX_EXCEPTIONS = ['unid', 'unim', 'unin', 'unint'];
/** Words spelt with an h that is not said ("an hour", "an honest mistake"). */
const SILENT_H_PREFIXES = ['hour', 'honest', 'honor', 'honour', 'heir'];

/** Whether a number said aloud starts with a vowel sound: 8, 11, 18, 80, 800, 11,000, 18,500. */
function numberStartsWithVowelSound(digits: string): boolean {
  if (digits.startsWith('8')) return true;
  // 11 and 18 are said "eleven" and "eighteen" when they lead a group of thousands: 11, 11,000, 18,500.
  return (digits.startsWith('11') || digits.startsWith('18')) && digits.length % 3 === 2;
}

/** "a" or "an", whichever the first sound of `noun` takes. */
export function indefiniteArticle(noun: string): 'a' | 'an' {
  const firstWord = noun.trim().split(/[\s-]/)[0] ?? '';
  if (firstWord === '') return 'a';
  const digits = firstWord.replace(/,/g, '').match(/^\d+/)?.[0];
  if (digits) return numberStartsWithVowelSound(digits) ? 'an' : 'a';

  const letters = firstWord.replace(/[^A-Za-z]/g, '');
  // A single letter ("an A shift", "a B shift") or an initialism ("an EMT", "an FTO", "a BC") is
  // said letter by letter, so the first letter's name decides.
  const isInitialism =
    letters.length === 1 ||
    (letters.length > 1 && letters === letters.toUpperCase() && !ACRONYMS_SPOKEN_AS_WORDS.has(letters));
  if (isInitialism) return LETTERS_NAMED_WITH_A_VOWEL.has(letters[0]?.toUpperCase() ?? '') ? 'an' : 'a';

  const word = letters.toLowerCase();
  if (SILENT_H_PREFIXES.some((prefix) => word.startsWith(prefix))) return 'an';
  if (UN_PREFIX_EXCEPTIONS.some((prefix) => word.startsWith(prefix))) return 'an';
  if (CONSONANT_SOUND_PREFIXES.some((prefix) => word.startsWith(prefix))) return 'a';
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/** The noun after its indefinite article: "an Engineer", "a Firefighter", "an EMT", "a unit". */
export function withArticle(noun: string): string {
  return `${indefiniteArticle(noun)} ${noun.trim()}`;
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

function momentFormat(timeZone: string): Intl.DateTimeFormat {
  let format = momentFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZoneName: 'short',
    });
    momentFormats.set(timeZone, format);
  }
  return format;
}

/**
 * "Apr 2, 2026, 10:00 AM CDT": a moment in the department's time zone, its zone named, the one way
 * the results screen and the printed bid sheet write a time. Built from its parts with plain spaces
 * (newer Intl data puts a narrow no-break space before "AM", which a PDF's standard fonts lack).
 * A zone Intl does not know is written in UTC, which the text then names. "Not set" when missing.
 */
export function formatMoment(moment: string | Date | null, timeZone: string): string {
  if (moment === null) return 'Not set';
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return 'Not set';
  let format: Intl.DateTimeFormat;
  try {
    format = momentFormat(timeZone);
  } catch {
    format = momentFormat('UTC');
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}
