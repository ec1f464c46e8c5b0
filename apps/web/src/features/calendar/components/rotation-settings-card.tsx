/**
 * The administrators' rotation setting (issue 16): which shift is on duty each day, from which the
 * members' calendar feeds are made. The form checks with the same schema as the server, and shows
 * the server's reason when it refuses.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { departmentRotationSchema } from '@stationbid/domain';
import { type FormEvent, useId, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useRotationQuery } from '../api/calendar-queries.ts';
import { useSaveRotation } from '../api/rotation.ts';

type Fields = { pattern: string; anchorDate: string; shiftStartTime: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

export function RotationSettingsCard() {
  const titleId = useId();
  const rotationQuery = useRotationQuery();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Shift rotation
        </Title>
        <Text size="sm" c="gray.7">
          Members' calendar feeds show their shift days from this rotation.
        </Text>
        {rotationQuery.isPending && <Loader size="sm" role="status" aria-label="Loading rotation" />}
        {rotationQuery.isError && (
          <Text size="sm" role="alert">
            {getErrorMessage(rotationQuery.error, 'Failed to load the rotation')}
          </Text>
        )}
        {rotationQuery.isSuccess && (
          <RotationForm
            // Remounted when the saved rotation changes, so the fields start from it.
            key={JSON.stringify(rotationQuery.data.rotation)}
            initial={rotationQuery.data.rotation ?? { pattern: 'ABC', anchorDate: '', shiftStartTime: '07:00' }}
            timeZone={rotationQuery.data.timeZone}
            isSet={rotationQuery.data.rotation !== null}
          />
        )}
      </Stack>
    </Paper>
  );
}

function RotationForm({ initial, timeZone, isSet }: { initial: Fields; timeZone: string; isSet: boolean }) {
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const saveRotation = useSaveRotation();
  const change = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = departmentRotationSchema.safeParse(fields);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Fields;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    saveRotation.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Shift rotation">
      <Stack gap="sm">
        {!isSet && (
          <Alert color="yellow" title="Not set yet">
            Until it is set, members' calendar feeds have no shift days.
          </Alert>
        )}
        <TextInput
          label="Rotation pattern"
          description="The shift on duty each day of the cycle: ABC is 24 on, 48 off; AABBCC is 48 on, 96 off."
          value={fields.pattern}
          onChange={change('pattern')}
          error={errors.pattern}
          required
        />
        <TextInput
          type="date"
          label="Cycle start date"
          description="A day on which the pattern's first shift is on duty."
          value={fields.anchorDate}
          onChange={change('anchorDate')}
          error={errors.anchorDate}
          required
        />
        <TextInput
          type="time"
          label="Tour start time"
          description={`When each 24-hour tour begins, in the department's time zone (${timeZone}).`}
          value={fields.shiftStartTime}
          onChange={change('shiftStartTime')}
          error={errors.shiftStartTime}
          required
        />
        <Group>
          <Button type="submit" loading={saveRotation.isPending}>
            Save rotation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
