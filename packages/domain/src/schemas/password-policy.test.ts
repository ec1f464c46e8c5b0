import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { PASSWORD_POLICY } from './auth.ts';
import { adminPasswordSchema } from './member-admin.ts';
import { changePasswordRequestSchema, isCommonPassword, newPasswordSchema } from './new-password.ts';
import { resetPasswordRequestSchema } from './password-reset.ts';

const refusal = (password: unknown) => {
  const result = newPasswordSchema.safeParse(password);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the password policy (issue 13, finding 11)', () => {
  it('accepts 12 characters or more whatever they are, and 8 to 11 only when not common', () => {
    expect(refusal('password')).toBe(MESSAGES.passwordTooCommon);
    expect(refusal('Password123')).toBe(MESSAGES.passwordTooCommon);
    expect(refusal('iloveyou')).toBe(MESSAGES.passwordTooCommon);
    expect(refusal('engine-42')).toBeNull();
    expect(refusal('passwordpassword')).toBeNull();
    expect(refusal('short12')).toBe(MESSAGES.newPasswordTooShort);
    expect(refusal('')).toBe(MESSAGES.passwordRequired);
  });

  it('allows long passphrases: no maximum under 64', () => {
    expect(PASSWORD_POLICY.maxLength).toBeGreaterThanOrEqual(64);
    expect(refusal('correct horse battery staple '.repeat(6).slice(0, 150))).toBeNull();
    expect(refusal('x'.repeat(PASSWORD_POLICY.maxLength + 1))).toBe(MESSAGES.passwordTooLong);
  });

  it('is the same policy for a member, a reset link and an administrator', () => {
    for (const check of [
      (password: string) => changePasswordRequestSchema.safeParse({ currentPassword: 'old', newPassword: password }),
      (password: string) => resetPasswordRequestSchema.safeParse({ password }),
      (password: string) => adminPasswordSchema.safeParse(password),
    ]) {
      expect(check('secret1').success).toBe(false);
      expect(check('football').success).toBe(false);
      expect(check('ladder-truck-7').success).toBe(true);
    }
    expect(isCommonPassword('BASEBALL')).toBe(true);
  });
});
