import { Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type AdminSetPasswordForm,
  type AdminSetPasswordRequest,
  adminSetPasswordFormSchema,
  adminSetPasswordRequestSchema,
  type User,
} from '@stationbid/domain';
import { useSetUserPassword } from '../../api/admin-set-password.ts';
import { focusFirstInvalidField } from '../profile/focus-first-invalid-field.ts';
import { MemberModal } from './member-modal.tsx';
import { getFullName } from './user-list-query.ts';

/** Update Password: sets another member's password, which signs them out on every device. */
export function UpdatePasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const setPassword = useSetUserPassword({ onSuccess: onClose });
  const form = useForm<AdminSetPasswordForm, AdminSetPasswordRequest>({
    initialValues: { newPassword: '', confirmPassword: '', sendEmail: false },
    validate: schemaResolver(adminSetPasswordFormSchema, { sync: true }),
    // Only the password and the e-mail choice go to the server.
    transformValues: (values) => adminSetPasswordRequestSchema.parse(values),
  });
  const showPasswordToggle = { 'aria-label': 'Show password' };

  return (
    <MemberModal onClose={onClose} title="Update Password" size="md">
      <form
        onSubmit={form.onSubmit((body) => setPassword.mutate({ id: user.id, body }), focusFirstInvalidField(form))}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            New password for {getFullName(user)}. They are signed out everywhere and sign in again with it.
          </Text>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={showPasswordToggle}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={showPasswordToggle}
            {...form.getInputProps('confirmPassword')}
          />
          <Checkbox
            label="Send the member an e-mail about the new password"
            {...form.getInputProps('sendEmail', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={setPassword.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </MemberModal>
  );
}
