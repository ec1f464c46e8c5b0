import { describe, expect, it } from 'vitest';
import { isMalformedToken } from '../errors.ts';
import { loginRequestSchema } from './auth.ts';

const firstMessage = (input: unknown) => {
  const result = loginRequestSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('loginRequestSchema', () => {
  it('accepts a valid sign-in and lower-cases the e-mail', () => {
    expect(loginRequestSchema.parse({ email: ' Admin@StationBid.example ', password: 'secret1' })).toEqual({
      email: 'admin@stationbid.example',
      password: 'secret1',
    });
  });

  it('uses the spec messages for each mistake', () => {
    expect(firstMessage({ email: '', password: 'secret1' })).toBe('Email is required');
    expect(firstMessage({ password: 'secret1' })).toBe('Email is required');
    expect(firstMessage({ email: 'not-an-email', password: 'secret1' })).toBe('Invalid email address');
    expect(firstMessage({ email: 'a@b.co', password: '' })).toBe('Password is required');
    expect(firstMessage({ email: 'a@b.co', password: '12345' })).toBe('Password must be at least 6 characters');
  });
});

describe('isMalformedToken', () => {
  it('treats short or dotless tokens as malformed', () => {
    expect(isMalformedToken('')).toBe(true);
    expect(isMalformedToken(null)).toBe(true);
    expect(isMalformedToken('a.b')).toBe(true);
    expect(isMalformedToken('abcdefghijklmnop')).toBe(true);
    expect(isMalformedToken('abcdefgh.ijklmnop')).toBe(false);
  });
});
