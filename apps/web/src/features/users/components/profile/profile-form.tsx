import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { normalizePhoneNumber, PHONE_NUMBER_EXAMPLE, PROFILE_MESSAGES, type User } from '@stationbid/domain';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { useUpdateProfile } from '../../api/update-profile.ts';
import { focusFirstInvalidField } from './focus-first-invalid-field.ts';
import { PasswordField } from './password-field.tsx';
import { ProfessionalFields } from './professional-fields.tsx';
import {
  getProfileFormSchema,
  isEmailChanged,
  type ProfileFormValues,
  toProfileFormValues,
  toProfileRequest,
} from './profile-form-values.ts';
import { ProfileSection } from './profile-section.tsx';

/**
 * The member's personal information, professional information and emergency contact, saved
 * together. Save is offered only once something changed; Cancel goes back to the saved values.
 */
export function ProfileForm({ profile }: { profile: User }) {
  const canEditPriorityFields = profile.isAdmin;
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    // Controlled, so Save and Cancel follow every keystroke's effect on "changed".
    mode: 'controlled',
    initialValues: toProfileFormValues(profile),
    validate: schemaResolver(getProfileFormSchema(canEditPriorityFields, profile.email, profile.phone), { sync: true }),
  });
  // The phone is also set where texts are turned on: a number saved there shows here at once,
  // unless the member is typing one here.
  const shownPhone = toProfileFormValues(profile).phone;
  const lastSavedPhone = useRef(shownPhone);
  useEffect(() => {
    if (shownPhone === lastSavedPhone.current) return;
    lastSavedPhone.current = shownPhone;
    if (form.isDirty('phone')) return;
    form.setFieldValue('phone', shownPhone);
    form.setDirty({ ...form.getDirty(), phone: false });
  }, [shownPhone, form]);
  const isPhoneUntextable = profile.phone !== null && normalizePhoneNumber(profile.phone) === null;
  const isNewEmail = isEmailChanged(form.values, profile.email);

  const handleSubmit = form.onSubmit(
    (values) =>
      updateProfile.mutate(toProfileRequest(values, canEditPriorityFields, profile), {
        onSuccess: (savedUser) => {
          // The saved values, as the server normalised them, become what Cancel returns to.
          const savedValues = toProfileFormValues(savedUser);
          form.setValues(savedValues);
          form.resetDirty(savedValues);
        },
        onError: (error) => {
          // Both unique clashes (e-mail, employee ID) are a CONFLICT; the domain's wording tells which.
          if (error instanceof ApiError && error.serverMessage === PROFILE_MESSAGES.emailTaken) {
            form.setFieldError('email', PROFILE_MESSAGES.emailTaken);
          }
          if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
            form.setFieldError('currentPassword', PROFILE_MESSAGES.currentPasswordIncorrect);
          }
        },
      }),
    focusFirstInvalidField(form),
  );

  const hasChanges = form.isDirty();
  const isSaving = updateProfile.isPending;

  return (
    <form onSubmit={handleSubmit} onReset={() => form.reset()} noValidate>
      <Stack gap="md">
        <ProfileSection title="Personal Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First Name"
              autoComplete="given-name"
              required
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              required
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Phone"
              description={
                isPhoneUntextable && !form.isDirty('phone')
                  ? 'This number cannot receive texts. Enter it with its area code.'
                  : 'Your mobile: the number texts go to when you turn them on.'
              }
              placeholder={PHONE_NUMBER_EXAMPLE}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          {isNewEmail && (
            <PasswordField
              label="Current Password"
              description="Needed to change your e-mail address. The old address is told of the change."
              autoComplete="current-password"
              required
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
          )}
          <Textarea
            label="Address"
            autoComplete="street-address"
            rows={2}
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
        </ProfileSection>

        <ProfileSection
          title="Professional Information"
          description={
            canEditPriorityFields
              ? 'Rank, position, years of service and employee ID decide bid priority.'
              : 'Only an administrator can change these, because they decide bid priority.'
          }
        >
          <ProfessionalFields form={form} profile={profile} canEditPriorityFields={canEditPriorityFields} />
        </ProfileSection>

        <ProfileSection title="Emergency Contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Contact Name"
              autoComplete="off"
              key={form.key('emergencyContact.name')}
              {...form.getInputProps('emergencyContact.name')}
            />
            <TextInput
              label="Contact Phone"
              type="tel"
              autoComplete="off"
              key={form.key('emergencyContact.phone')}
              {...form.getInputProps('emergencyContact.phone')}
            />
            <TextInput
              label="Relationship"
              key={form.key('emergencyContact.relationship')}
              {...form.getInputProps('emergencyContact.relationship')}
            />
          </SimpleGrid>
        </ProfileSection>

        <Group justify="flex-end" gap="sm">
          {hasChanges && (
            <Text size="sm" c="gray.7" mr="auto">
              You have unsaved changes.
            </Text>
          )}
          <Button type="reset" variant="default" disabled={!hasChanges || isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={!hasChanges || isSaving}>
            {isSaving ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
