import {
  Checkbox,
  Fieldset,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  LIMITS,
  PROFESSIONAL_POSITIONS,
  type ProfessionalPosition,
  RANKS,
  type Rank,
  type User,
} from '@stationbid/domain';

/** The fields the Create New User and Edit User forms share; the create form adds the password. */
export interface MemberFormValues {
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string;
  phone: string;
  address: string;
  rank: Rank;
  position: ProfessionalPosition;
  /** A NumberInput gives '' while empty; the schema reads that as 0. */
  yearsOfService: number | string;
  emergencyContact: { name: string; phone: string; relationship: string };
  isAdmin: boolean;
  isActive: boolean;
}

export const EMPTY_MEMBER_FORM: MemberFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  employeeId: '',
  phone: '',
  address: '',
  rank: 'Firefighter',
  position: 'Firefighter',
  yearsOfService: 0,
  emergencyContact: { name: '', phone: '', relationship: '' },
  isAdmin: false,
  isActive: true,
};

export function toMemberFormValues(user: User): MemberFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    employeeId: user.employeeId,
    phone: user.phone ?? '',
    address: user.address ?? '',
    rank: user.rank,
    position: user.position,
    yearsOfService: user.yearsOfService,
    emergencyContact: { ...user.emergencyContact },
    isAdmin: user.isAdmin,
    isActive: user.isActive,
  };
}

/** The years field of every member form: 0 to 50, never clamped, so the spec's messages can show. */
export function YearsOfServiceInput(props: NumberInputProps) {
  return (
    <NumberInput
      label="Years of service"
      min={LIMITS.yearsOfServiceMin}
      max={LIMITS.yearsOfServiceMax}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      {...props}
    />
  );
}

export function RankSelect(props: SelectProps) {
  return <Select label="Rank" data={RANKS} allowDeselect={false} {...props} />;
}

export function PositionSelect(props: SelectProps) {
  return <Select label="Position" data={PROFESSIONAL_POSITIONS} allowDeselect={false} {...props} />;
}

interface MemberFormFieldsProps {
  /** Any form whose values include the member fields (the create form adds the password). */
  form: Pick<UseFormReturnType<MemberFormValues>, 'getInputProps'>;
  /** Administrators cannot remove their own rights or deactivate themselves (the server refuses). */
  isSignedInUser?: boolean;
}

export function MemberFormFields({ form, isSignedInUser = false }: MemberFormFieldsProps) {
  const selfNote = isSignedInUser ? 'Another administrator must change this for you.' : undefined;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" required {...form.getInputProps('firstName')} />
        <TextInput label="Last name" required {...form.getInputProps('lastName')} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <TextInput label="Employee ID" required {...form.getInputProps('employeeId')} />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
        <TextInput label="Address" {...form.getInputProps('address')} />
        <RankSelect {...form.getInputProps('rank')} />
        <PositionSelect {...form.getInputProps('position')} />
        <YearsOfServiceInput {...form.getInputProps('yearsOfService')} />
      </SimpleGrid>
      <Fieldset legend="Emergency contact" variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Contact name" {...form.getInputProps('emergencyContact.name')} />
          <TextInput label="Contact phone" type="tel" {...form.getInputProps('emergencyContact.phone')} />
          <TextInput label="Relationship" {...form.getInputProps('emergencyContact.relationship')} />
        </SimpleGrid>
      </Fieldset>
      <Checkbox
        label="Active"
        description={selfNote ?? 'Inactive members cannot sign in or take part in bid sessions.'}
        disabled={isSignedInUser}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
      <Checkbox
        label="Administrator"
        description={selfNote ?? 'Administrators manage members, stations and bid sessions.'}
        disabled={isSignedInUser}
        {...form.getInputProps('isAdmin', { type: 'checkbox' })}
      />
    </Stack>
  );
}
