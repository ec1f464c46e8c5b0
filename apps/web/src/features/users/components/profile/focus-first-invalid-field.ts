import type { FormErrors } from '@mantine/form';

/**
 * A form's onSubmit error handler that puts keyboard and screen-reader users on the first field to
 * fix, in the order the schema reports them (the order of the fields on screen).
 */
export function focusFirstInvalidField(form: { getInputNode: (path: string) => HTMLElement | null }) {
  return (errors: FormErrors) => {
    const firstInvalidField = Object.keys(errors)[0];
    if (firstInvalidField !== undefined) form.getInputNode(firstInvalidField)?.focus();
  };
}
