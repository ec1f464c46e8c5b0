import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LIMITS, PROFESSIONAL_POSITIONS, RANKS, type User } from '@stationbid/domain';
import { formatShift, formatStation } from './format-profile-values.ts';
import type { ProfileFormValues } from './profile-form-values.ts';
import { ReadOnlyField } from './read-only-field.tsx';

interface ProfessionalFieldsProps {
  form: UseFormReturnType<ProfileFormValues>;
  profile: User;
  /** Only an administrator may change what decides bid priority; the server refuses anyone else. */
  canEditPriorityFields: boolean;
}

/**
 * Rank, position, years of service and employee ID, editable by an administrator only, then the
 * facts that follow from them and from station assignment, which nobody changes on this page.
 */
export function ProfessionalFields({ form, profile, canEditPriorityFields }: ProfessionalFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {canEditPriorityFields ? (
        <>
          <Select
            label="Rank"
            data={RANKS}
            allowDeselect={false}
            key={form.key('rank')}
            {...form.getInputProps('rank')}
          />
          <Select
            label="Position"
            data={PROFESSIONAL_POSITIONS}
            allowDeselect={false}
            key={form.key('position')}
            {...form.getInputProps('position')}
          />
          <NumberInput
            label="Years of Service"
            min={LIMITS.yearsOfServiceMin}
            max={LIMITS.yearsOfServiceMax}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('yearsOfService')}
            {...form.getInputProps('yearsOfService')}
          />
          <TextInput label="Employee ID" key={form.key('employeeId')} {...form.getInputProps('employeeId')} />
        </>
      ) : (
        <>
          <ReadOnlyField label="Rank" value={profile.rank} />
          <ReadOnlyField label="Position" value={profile.position} />
          <ReadOnlyField label="Years of Service" value={String(profile.yearsOfService)} />
          <ReadOnlyField label="Employee ID" value={profile.employeeId} />
        </>
      )}
      <ReadOnlyField label="Current Station" value={formatStation(profile.currentStation)} />
      <ReadOnlyField label="Current Shift" value={formatShift(profile.currentShift)} />
      <ReadOnlyField
        label="Seniority Score"
        value={String(profile.seniorityScore)}
        description={profile.manualSeniorityScore === null ? undefined : 'Set by an administrator'}
      />
      <ReadOnlyField
        label="Bid Priority"
        value={profile.bidPriority === null ? 'Not in the queue' : `#${profile.bidPriority}`}
        description={profile.bidPriority === null ? 'Inactive members are not in the bid queue' : undefined}
      />
    </SimpleGrid>
  );
}
