import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Text,
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
import { useCertificationsQuery } from '../../../certifications/index.ts';

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
  /** YYYY-MM-DD, or '' when not recorded (the schema sends null). */
  hireDate: string;
  rankDate: string;
  /** A NumberInput gives '' while empty; the schema sends null. */
  listNumber: number | string;
  /** Codes from the catalogue; an expiry of '' means none. */
  certifications: { code: string; expiresOn: string }[];
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
  hireDate: '',
  rankDate: '',
  listNumber: '',
  certifications: [],
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
    hireDate: user.hireDate ?? '',
    rankDate: user.rankDate ?? '',
    listNumber: user.listNumber ?? '',
    certifications: user.certifications.map((held) => ({ code: held.code, expiresOn: held.expiresOn ?? '' })),
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
  form: Pick<UseFormReturnType<MemberFormValues>, 'getInputProps' | 'getValues' | 'insertListItem' | 'removeListItem'>;
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
      <Fieldset legend="Seniority" variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Hire date"
            type="date"
            description="Joined the department"
            {...form.getInputProps('hireDate')}
          />
          <TextInput
            label="Date in rank"
            type="date"
            description="Promoted to the current rank"
            {...form.getInputProps('rankDate')}
          />
          <NumberInput
            label="List number"
            description="Lower bids first in a same-day class"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('listNumber')}
          />
        </SimpleGrid>
      </Fieldset>
      <CertificationFields form={form} />
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

/** The certifications a member holds: a code from the department's catalogue and an optional expiry each. */
function CertificationFields({ form }: MemberFormFieldsProps) {
  const catalogue = useCertificationsQuery();
  const held = form.getValues().certifications;
  const options = (catalogue.data ?? []).map((certification) => ({
    value: certification.code,
    label: `${certification.code}: ${certification.name}`,
  }));
  // A code the member holds stays choosable even before the catalogue has loaded.
  for (const entry of held) {
    if (entry.code && !options.some((option) => option.value === entry.code)) {
      options.push({ value: entry.code, label: entry.code });
    }
  }
  return (
    <Fieldset legend="Certifications" variant="unstyled">
      <Stack gap="xs">
        {held.length === 0 && (
          <Text size="sm" c="dimmed">
            None recorded.
          </Text>
        )}
        {held.map((entry, index) => {
          const number = index + 1;
          return (
            <Group key={`${number}-${entry.code}`} gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={`Certification ${number}`}
                data={options}
                placeholder={catalogue.isPending ? 'Loading the catalogue' : 'Choose a certification'}
                searchable
                allowDeselect={false}
                nothingFoundMessage="Not in the catalogue: add it on the Certifications page"
                w={{ base: '100%', xs: 220 }}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps(`certifications.${index}.code`)}
              />
              <TextInput
                label={`Expires on (certification ${number})`}
                description="Leave empty if it does not expire"
                type="date"
                w={{ base: '100%', xs: 190 }}
                {...form.getInputProps(`certifications.${index}.expiresOn`)}
              />
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={`Remove certification ${number}${entry.code ? ` (${entry.code})` : ''}`}
                onClick={() => form.removeListItem('certifications', index)}
              >
                Remove
              </Button>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => form.insertListItem('certifications', { code: '', expiresOn: '' })}
          >
            Add certification
          </Button>
        </Group>
        {catalogue.isError && (
          <Text size="sm" role="alert">
            The certification catalogue could not be loaded; codes already held are kept.
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
