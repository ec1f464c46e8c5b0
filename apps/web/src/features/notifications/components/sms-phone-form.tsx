/**
 * The mobile number texts go to, asked for where texts are turned on: the member's one phone
 * number (the profile's), shown only when a text can reach it, never an unusable number as if it
 * were ready. Checked as it is typed once the member left the field or tried to save.
 */
import { Button, Stack, TextInput } from '@mantine/core';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  normalizePhoneNumber,
  PHONE_NUMBER_EXAMPLE,
  phoneNumberToEdit,
} from '@stationbid/domain';
import { useEffect, useRef, useState } from 'react';

interface SmsPhoneFormProps {
  /** The phone on file (the profile's), or null. */
  savedPhone: string | null;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (phoneNumber: string) => void;
  /** Focus the number when the form appears after a click (a keyboard user lands in it). */
  focusOnMount?: boolean;
}

export function SmsPhoneForm({
  savedPhone,
  submitLabel,
  isPending,
  onSubmit,
  focusOnMount = false,
}: SmsPhoneFormProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);
  const [phone, setPhone] = useState(() => phoneNumberToEdit(savedPhone));
  const [isChecked, setIsChecked] = useState(false);
  const error = !isChecked
    ? null
    : phone.trim() === ''
      ? NOTIFICATION_SETTINGS_MESSAGES.phoneRequired
      : normalizePhoneNumber(phone) === null
        ? NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid
        : null;
  const isUnusableOnFile = savedPhone !== null && normalizePhoneNumber(savedPhone) === null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setIsChecked(true);
        if (normalizePhoneNumber(phone) !== null) onSubmit(phone);
      }}
    >
      <Stack gap="xs" align="flex-start">
        <TextInput
          ref={inputRef}
          label="Mobile number"
          description={
            isUnusableOnFile
              ? `The phone on your profile, ${savedPhone}, cannot receive texts. Enter it with its area code.`
              : 'Texts go to this number. It is the phone on your profile too.'
          }
          placeholder={PHONE_NUMBER_EXAMPLE}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          value={phone}
          error={error}
          onChange={(event) => setPhone(event.currentTarget.value)}
          onBlur={() => setIsChecked(phone.trim() !== '')}
          w="100%"
          maw={360}
        />
        <Button type="submit" loading={isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
