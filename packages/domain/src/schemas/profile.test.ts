import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, changePasswordRequestSchema } from './new-password.ts';

const messagesByField = (input: unknown) => {
  const result = changePasswordFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]).reverse());
};

describe('changePasswordFormSchema', () => {
  it('uses the spec messages for each mistake', () => {
    expect(messagesByField({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(messagesByField({ currentPassword: 'old-one', newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
  });

  it('says so when the confirmation differs, even while the new password is still too short', () => {
    expect(messagesByField({ currentPassword: 'old-one', newPassword: 'short', confirmPassword: 'shirt' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('keeps the confirmation out of the request', () => {
    const form = { currentPassword: 'old-one', newPassword: 'a-new-password', confirmPassword: 'a-new-password' };
    expect(changePasswordFormSchema.safeParse(form).success).toBe(true);
    expect(changePasswordRequestSchema.parse(form)).toEqual({
      currentPassword: 'old-one',
      newPassword: 'a-new-password',
    });
  });
});
