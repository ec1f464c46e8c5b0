import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  computeSeniorityScore,
  describeSeniorityCalculation,
  manualSeniorityScoreSchema,
  type ProfessionalPosition,
  type Rank,
  type UpdateMemberRequest,
  type User,
  updateMemberRequestSchema,
  yearsOfServiceSchema,
} from '@stationbid/domain';
import { useUpdateUser } from '../../api/admin-update-user.ts';
import { focusFirstInvalidField } from '../profile/focus-first-invalid-field.ts';
import { PositionSelect, RankSelect, YearsOfServiceInput } from './member-form-fields.tsx';
import { MemberModal } from './member-modal.tsx';
import { getFullName } from './user-list-query.ts';

interface SeniorityFormValues {
  yearsOfService: number | string;
  rank: Rank;
  position: ProfessionalPosition;
  /** 0 (or empty) means "use the automatic score". */
  manualSeniorityScore: number | string;
}

/** The score these values give, worked out as the member's Seniority page shows it; null while invalid. */
function previewScore(values: SeniorityFormValues) {
  const years = yearsOfServiceSchema.safeParse(values.yearsOfService);
  const manual = manualSeniorityScoreSchema.safeParse(values.manualSeniorityScore);
  if (!years.success || !manual.success) return null;
  const input = { yearsOfService: years.data, rank: values.rank, position: values.position };
  return {
    calculation: describeSeniorityCalculation(input),
    effectiveScore: computeSeniorityScore({ ...input, manualSeniorityScore: manual.data }),
    isManual: manual.data !== null,
  };
}

/** Edit Seniority: what decides the member's place in the bid queue, with the score shown live. */
export function EditSeniorityModal({ user, onClose }: { user: User; onClose: () => void }) {
  const updateUser = useUpdateUser({
    successMessage: `Seniority of ${getFullName(user)} updated successfully`,
    failureMessage: 'Failed to update seniority',
    onSuccess: onClose,
  });
  const form = useForm<SeniorityFormValues, UpdateMemberRequest>({
    initialValues: {
      yearsOfService: user.yearsOfService,
      rank: user.rank,
      position: user.position,
      manualSeniorityScore: user.manualSeniorityScore ?? 0,
    },
    validate: schemaResolver(updateMemberRequestSchema, { sync: true }),
    transformValues: (values) => updateMemberRequestSchema.parse(values),
  });
  const preview = previewScore(form.values);

  return (
    <MemberModal onClose={onClose} title="Edit Seniority">
      <form
        onSubmit={form.onSubmit((body) => updateUser.mutate({ id: user.id, body }), focusFirstInvalidField(form))}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            {getFullName(user)} · bid priority {user.bidPriority === null ? 'none (inactive)' : `#${user.bidPriority}`}{' '}
            · current score {user.seniorityScore}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <YearsOfServiceInput {...form.getInputProps('yearsOfService')} />
            <RankSelect {...form.getInputProps('rank')} />
            <PositionSelect {...form.getInputProps('position')} />
            <NumberInput
              label="Manual seniority score"
              description="0 uses the automatic score"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('manualSeniorityScore')}
            />
          </SimpleGrid>
          <Alert color="blue" title="Score with these values" aria-live="polite">
            {preview === null ? (
              'Correct the fields above to see the score.'
            ) : (
              <Stack gap={2}>
                <Text size="sm">Automatic score: {preview.calculation}</Text>
                <Text size="sm" fw={600}>
                  Effective score: {preview.effectiveScore} ({preview.isManual ? 'manual override' : 'automatic'})
                </Text>
              </Stack>
            )}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updateUser.isPending}>
              Save Seniority
            </Button>
          </Group>
        </Stack>
      </form>
    </MemberModal>
  );
}
