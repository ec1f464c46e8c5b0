import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type UpdateMemberRequest, type User, updateMemberRequestSchema } from '@stationbid/domain';
import { useUpdateUser } from '../../api/admin-update-user.ts';
import { focusFirstInvalidField } from '../profile/focus-first-invalid-field.ts';
import { MemberFormFields, type MemberFormValues, toMemberFormValues } from './member-form-fields.tsx';
import { MemberModal } from './member-modal.tsx';
import { getFullName } from './user-list-query.ts';

interface EditUserModalProps {
  user: User;
  isSignedInUser: boolean;
  onClose: () => void;
}

/** Edit User: every field of the member, including whether the account is active. */
export function EditUserModal({ user, isSignedInUser, onClose }: EditUserModalProps) {
  const updateUser = useUpdateUser({
    successMessage: `${getFullName(user)} updated successfully`,
    failureMessage: 'Failed to update user',
    onSuccess: onClose,
  });
  const form = useForm<MemberFormValues, UpdateMemberRequest>({
    initialValues: toMemberFormValues(user),
    validate: schemaResolver(updateMemberRequestSchema, { sync: true }),
    transformValues: (values) => updateMemberRequestSchema.parse(values),
  });

  return (
    <MemberModal onClose={onClose} title="Edit User">
      <form
        onSubmit={form.onSubmit((body) => updateUser.mutate({ id: user.id, body }), focusFirstInvalidField(form))}
        noValidate
      >
        <Stack gap="md">
          <MemberFormFields form={form} isSignedInUser={isSignedInUser} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updateUser.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </MemberModal>
  );
}
