import { describe, expect, it } from 'vitest';
import {
  formatPhoneNumber,
  NOTIFICATION_SETTINGS_MESSAGES,
  normalizePhoneNumber,
  notificationManagementRequestSchema,
  PHONE_NUMBER_EXAMPLE,
  phoneNumberToEdit,
  phoneNumberToStore,
  updatePhoneNumberRequestSchema,
} from './notification-settings.ts';

describe('normalizePhoneNumber', () => {
  it.each([
    ['+14155550123', '+14155550123'],
    ['+1 (415) 555-0123', '+14155550123'],
    ['415-555-0123', '+14155550123'],
    ['(415) 555 0123', '+14155550123'],
    ['1.415.555.0123', '+14155550123'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it.each(['', '555-0201', '015-555-0123', '+0123456789', '+1234567', '+1234567890123456', 'call me', '415-555-01234'])(
    'refuses %j',
    (input) => {
      expect(normalizePhoneNumber(input)).toBeNull();
    },
  );
});

describe('one phone number, shown and stored', () => {
  it('shows a North American number as people write it, any other in E.164', () => {
    expect(formatPhoneNumber('+15552014477')).toBe('(555) 201-4477');
    expect(formatPhoneNumber('555.201.4477')).toBe('(555) 201-4477');
    expect(formatPhoneNumber('+442079460958')).toBe('+442079460958');
    expect(formatPhoneNumber('555-0199')).toBe('555-0199');
  });

  it('the example reads as a number a text can go to, and the error shows it', () => {
    expect(normalizePhoneNumber(PHONE_NUMBER_EXAMPLE)).toBe('+15552014477');
    expect(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid).toContain(PHONE_NUMBER_EXAMPLE);
  });

  it('offers a number to edit only when a text can go to it', () => {
    expect(phoneNumberToEdit('+15552014477')).toBe('(555) 201-4477');
    expect(phoneNumberToEdit('555-0199')).toBe('');
    expect(phoneNumberToEdit(null)).toBe('');
  });

  it('stores E.164, null when emptied, the old text when sent back unchanged, and refuses the rest', () => {
    expect(phoneNumberToStore('(555) 201-4477', null)).toBe('+15552014477');
    expect(phoneNumberToStore('  ', '+15552014477')).toBeNull();
    expect(phoneNumberToStore(null, '+15552014477')).toBeNull();
    expect(phoneNumberToStore('555-0199', '555-0199')).toBe('555-0199');
    expect(phoneNumberToStore('555-0198', '555-0199')).toBeUndefined();
  });
});

describe('updatePhoneNumberRequestSchema', () => {
  it('normalises, clears on empty, and refuses the rest with one message', () => {
    expect(updatePhoneNumberRequestSchema.parse({ phoneNumber: '415 555 0123' })).toEqual({
      phoneNumber: '+14155550123',
    });
    expect(updatePhoneNumberRequestSchema.parse({ phoneNumber: '  ' })).toEqual({ phoneNumber: null });
    expect(updatePhoneNumberRequestSchema.parse({ phoneNumber: null })).toEqual({ phoneNumber: null });
    const refused = updatePhoneNumberRequestSchema.safeParse({ phoneNumber: '12345' });
    expect(refused.error?.issues[0]?.message).toBe(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid);
  });
});

describe('notificationManagementRequestSchema', () => {
  const id = '11111111-1111-4111-8111-111111111111';

  it('trims the custom message and treats a blank one as none', () => {
    const parsed = notificationManagementRequestSchema.parse({
      action: 'send-session-notification',
      sessionId: id,
      type: 'sms',
      customMessage: '   ',
    });
    expect(parsed).toEqual({ action: 'send-session-notification', sessionId: id, type: 'sms', customMessage: null });
  });

  it('asks for both a user and a session for a test, and a session for a session notification', () => {
    const test = notificationManagementRequestSchema.safeParse({ action: 'send-test', sessionId: id, type: 'email' });
    expect(test.error?.issues[0]?.message).toBe(NOTIFICATION_SETTINGS_MESSAGES.userAndSessionRequired);
    const session = notificationManagementRequestSchema.safeParse({
      action: 'send-session-notification',
      type: 'email',
    });
    expect(session.error?.issues[0]?.message).toBe(NOTIFICATION_SETTINGS_MESSAGES.sessionRequired);
  });
});
