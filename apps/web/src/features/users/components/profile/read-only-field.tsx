import { TextInput } from '@mantine/core';

interface ReadOnlyFieldProps {
  label: string;
  value: string;
  description?: string;
}

/**
 * A value the member may see but not change. A read-only input rather than plain text: it keeps
 * the label beside the value for screen readers and says "read only" when focused.
 */
export function ReadOnlyField({ label, value, description }: ReadOnlyFieldProps) {
  return <TextInput label={label} value={value} description={description} readOnly variant="filled" />;
}
