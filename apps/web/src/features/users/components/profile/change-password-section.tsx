import { Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import {
  type ChangePasswordForm,
  changePasswordFormSchema,
  changePasswordRequestSchema,
  MESSAGES,
  PROFILE_MESSAGES,
} from '@stationbid/domain';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '../../../../lib/api-client.ts';
import { useChangePassword } from '../../api/change-password.ts';
import { focusFirstInvalidField } from './focus-first-invalid-field.ts';
import { PasswordField } from './password-field.tsx';
import { ProfileSection } from './profile-section.tsx';

const emptyPasswordForm: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security: the password change, a form shown behind the "Change Password" button. */
export function ChangePasswordSection() {
  const [isFormOpen, formToggle] = useDisclosure(false);
  const toggleButtonRef = useRef<HTMLButtonElement>(null);
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    mode: 'uncontrolled',
    initialValues: emptyPasswordForm,
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });

  // Focus follows the toggle, so keyboard users land in the form and return to the button.
  const openForm = () => {
    flushSync(formToggle.open);
    form.getInputNode('currentPassword')?.focus();
  };
  const closeForm = () => {
    form.reset();
    changePassword.reset();
    flushSync(formToggle.close);
    toggleButtonRef.current?.focus();
  };

  const handleSubmit = form.onSubmit(
    // The confirmation is the form's own check; the request carries the two passwords only.
    (values) =>
      changePassword.mutate(changePasswordRequestSchema.parse(values), {
        onSuccess: closeForm,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
            form.setFieldError('currentPassword', PROFILE_MESSAGES.currentPasswordIncorrect);
            form.getInputNode('currentPassword')?.focus();
          }
        },
      }),
    focusFirstInvalidField(form),
  );

  return (
    <ProfileSection title="Security">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Changing your password signs you out on every other device.</Text>
        {!isFormOpen && (
          <Button ref={toggleButtonRef} variant="default" onClick={openForm}>
            Change Password
          </Button>
        )}
      </Group>
      {isFormOpen && (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show current password' }}
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
            <PasswordField
              label="New Password"
              description={MESSAGES.passwordPolicyHint}
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordField
              label="Confirm New Password"
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeForm} disabled={changePassword.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={changePassword.isPending}>
                {changePassword.isPending ? 'Changing...' : 'Update Password'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </ProfileSection>
  );
}
