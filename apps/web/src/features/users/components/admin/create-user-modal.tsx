import { Alert, Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type CreateMemberRequest,
  type CreateMemberResponse,
  createMemberRequestSchema,
  type User,
} from '@stationbid/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { type InactiveUserConflict, useCreateUser } from '../../api/admin-create-user.ts';
import { focusFirstInvalidField } from '../profile/focus-first-invalid-field.ts';
import { EMPTY_MEMBER_FORM, MemberFormFields, type MemberFormValues } from './member-form-fields.tsx';
import { MemberModal } from './member-modal.tsx';
import { getFullName } from './user-list-query.ts';

interface CreateMemberFormValues extends MemberFormValues {
  password: string;
  sendPasswordEmail: boolean;
}

interface CreateUserModalProps {
  onClose: () => void;
  onInactiveConflict: (conflict: InactiveUserConflict) => void;
  /** Opens Update Password for the new member, who has no password yet. */
  onSetPassword: (user: User) => void;
}

/**
 * Create New User. Without a password the member gets a password-setup e-mail; what happened to it
 * (sent, queued, not asked for) is the server's to say, so the result shows its message as it is.
 */
export function CreateUserModal({ onClose, onInactiveConflict, onSetPassword }: CreateUserModalProps) {
  const [created, setCreated] = useState<CreateMemberResponse | null>(null);
  const createUser = useCreateUser({ onCreated: setCreated, onInactiveConflict });
  const form = useForm<CreateMemberFormValues, CreateMemberRequest>({
    initialValues: { ...EMPTY_MEMBER_FORM, password: '', sendPasswordEmail: true },
    validate: schemaResolver(createMemberRequestSchema, { sync: true }),
    // A blank password becomes undefined here, so it is left out of the request.
    transformValues: (values) => createMemberRequestSchema.parse(values),
  });
  const hasPassword = form.values.password !== '';

  if (created !== null) {
    return (
      <MemberModal onClose={onClose} title="User Created">
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} title={getFullName(created.user)}>
            {created.message}
          </Alert>
          {created.emailError !== null && created.emailError !== created.message && (
            <Text size="sm">{created.emailError}</Text>
          )}
          <Group justify="flex-end">
            {created.passwordSetupRequired && (
              <Button variant="light" onClick={() => onSetPassword(created.user)}>
                Set Password Now
              </Button>
            )}
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </MemberModal>
    );
  }

  return (
    <MemberModal onClose={onClose} title="Create New User">
      <form onSubmit={form.onSubmit((body) => createUser.mutate(body), focusFirstInvalidField(form))} noValidate>
        <Stack gap="md">
          <MemberFormFields form={form} />
          <PasswordInput
            label="Password (optional)"
            description="Leave blank and the member sets their own through a password-setup e-mail."
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            {...form.getInputProps('password')}
          />
          <Checkbox
            label="Send password setup e-mail"
            description={hasPassword ? 'Not needed: you are giving the member a password.' : undefined}
            disabled={hasPassword}
            {...form.getInputProps('sendPasswordEmail', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </MemberModal>
  );
}
