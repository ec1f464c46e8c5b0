import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * Mantine's PasswordInput shows its description and error but does not tie them to the input
 * (no aria-invalid, no aria-describedby), so a screen reader would not hear "Passwords do not
 * match". This links them, using the ids Mantine gives those elements, and keeps the show/hide
 * toggle reachable by keyboard.
 */
export function PasswordField({ id, error, description, ...props }: PasswordInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const describedBy = [description ? `${inputId}-description` : null, error ? `${inputId}-error` : null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <PasswordInput
      id={inputId}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy === '' ? undefined : describedBy}
      visibilityToggleFocusable
      {...props}
    />
  );
}
