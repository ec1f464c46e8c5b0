/**
 * What the profile form holds and what it sends. The rules are the domain's own schemas: the
 * member's editable fields from the profile request, and for an administrator the priority fields
 * with the same rules as the member administration, since the server lets an administrator change
 * their own rank, position, years of service and employee ID.
 */
import {
  formatPhoneNumber,
  NOTIFICATION_SETTINGS_MESSAGES,
  PROFILE_MESSAGES,
  type ProfessionalPosition,
  phoneNumberToStore,
  type Rank,
  type User,
  updateMemberRequestSchema,
  updateProfileRequestSchema,
} from '@stationbid/domain';
import type { UpdateProfileBody } from '../../api/update-profile.ts';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  emergencyContact: { name: string; phone: string; relationship: string };
  rank: Rank;
  position: ProfessionalPosition;
  /** A number, or '' while the administrator has emptied the field. */
  yearsOfService: number | string;
  employeeId: string;
  /** Asked for only when the e-mail changes, and sent only then (issue 13, finding 4). */
  currentPassword: string;
}

/** A member's PUT carries only these: the server refuses a member who sends the priority fields. */
const memberProfileSchema = updateProfileRequestSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  address: true,
  emergencyContact: true,
  currentPassword: true,
});

const adminProfileSchema = memberProfileSchema.extend(
  updateMemberRequestSchema.pick({ rank: true, position: true, yearsOfService: true, employeeId: true }).shape,
);

/** Whether the form's e-mail differs from the saved one, as the server compares them (trimmed, lower-case). */
export function isEmailChanged(values: Pick<ProfileFormValues, 'email'>, savedEmail: string): boolean {
  return values.email.trim().toLowerCase() !== savedEmail.toLowerCase();
}

/**
 * The schema that checks the form and shapes the request; unknown keys are stripped by parsing.
 * A new e-mail needs the current password, which is sent only then. The phone is the member's one
 * number, the one texts go to: a new one must be one a text can reach, and it is sent only when it
 * changed, so a form opened before the number was changed elsewhere (Notification Settings, the
 * offer of texts) never puts the old one back.
 */
export function getProfileFormSchema(canEditPriorityFields: boolean, savedEmail: string, savedPhone: string | null) {
  const schema = canEditPriorityFields ? adminProfileSchema : memberProfileSchema;
  return schema
    .refine((values) => values.phone === undefined || phoneNumberToStore(values.phone, savedPhone) !== undefined, {
      message: NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid,
      path: ['phone'],
    })
    .refine(
      (values) => !isEmailChanged({ email: values.email ?? savedEmail }, savedEmail) || !!values.currentPassword,
      {
        message: PROFILE_MESSAGES.currentPasswordRequiredForEmail,
        path: ['currentPassword'],
      },
    )
    .transform(({ currentPassword, phone, ...values }) => {
      const isPhoneChanged = phone !== undefined && phoneNumberToStore(phone, savedPhone) !== savedPhone;
      const withPhone = isPhoneChanged ? { ...values, phone } : values;
      return isEmailChanged({ email: values.email ?? savedEmail }, savedEmail)
        ? { ...withPhone, currentPassword }
        : withPhone;
    });
}

export function toProfileFormValues(user: User): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    // As people write it ("(555) 201-4477"); stored in E.164.
    phone: user.phone === null ? '' : formatPhoneNumber(user.phone),
    address: user.address ?? '',
    emergencyContact: { ...user.emergencyContact },
    rank: user.rank,
    position: user.position,
    yearsOfService: user.yearsOfService,
    employeeId: user.employeeId,
    currentPassword: '',
  };
}

/** The request body for valid form values: trimmed, blanks as null, and only the fields this member may change. */
export function toProfileRequest(
  values: ProfileFormValues,
  canEditPriorityFields: boolean,
  saved: Pick<User, 'email' | 'phone'>,
): UpdateProfileBody {
  return getProfileFormSchema(canEditPriorityFields, saved.email, saved.phone).parse(values);
}
