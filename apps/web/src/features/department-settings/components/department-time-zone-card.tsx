/**
 * The administrators' department time zone (issue 16): every date entered and shown (session
 * dates in forms, turn deadlines, e-mails, SMS, the PDF bid sheet, the calendar feed) is in this
 * zone. A searchable list of the IANA zones this browser knows; the server checks the name again.
 * Once a zone is saved, the server's default (DEPARTMENT_TIMEZONE) can be taken back instead.
 */
import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type DepartmentSettingsResponse, departmentTimeZoneSchema, supportedTimeZones } from '@stationbid/domain';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import {
  useClearDepartmentTimeZone,
  useDepartmentSettingsQuery,
  useSaveDepartmentTimeZone,
} from '../api/department-settings.ts';

export function DepartmentTimeZoneCard() {
  const titleId = useId();
  const settingsQuery = useDepartmentSettingsQuery();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Department time zone
        </Title>
        <Text size="sm" c="gray.7">
          Session dates, turn deadlines, e-mails, text messages, the printed bid sheet and calendar feeds use this zone,
          and name it (for example 09:30 CST).
        </Text>
        {settingsQuery.isPending && <Loader size="sm" role="status" aria-label="Loading the time zone" />}
        {settingsQuery.isError && (
          <Text size="sm" role="alert">
            {getErrorMessage(settingsQuery.error, 'Failed to load the time zone')}
          </Text>
        )}
        {settingsQuery.isSuccess && <TimeZoneForm key={settingsQuery.data.timeZone} settings={settingsQuery.data} />}
      </Stack>
    </Paper>
  );
}

function TimeZoneForm({ settings }: { settings: DepartmentSettingsResponse }) {
  const [zone, setZone] = useState<string | null>(settings.timeZone);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveDepartmentTimeZone();
  const clear = useClearDepartmentTimeZone();
  const zones = useMemo(() => {
    const known = supportedTimeZones();
    // The zone in force stays choosable even if this browser's list lacks it.
    return known.includes(settings.timeZone) ? known : [settings.timeZone, ...known];
  }, [settings.timeZone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = departmentTimeZoneSchema.safeParse(zone ?? '');
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Choose a time zone.');
      return;
    }
    setError(null);
    save.mutate({ timeZone: parsed.data });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Department time zone">
      <Stack gap="sm">
        <Text size="sm">
          In force: <strong>{settings.timeZone}</strong> ({settings.timeZoneAbbreviation} now),{' '}
          {settings.source === 'setting'
            ? 'saved by an administrator.'
            : `the server's default (${settings.defaultTimeZone}); no zone saved yet.`}
        </Text>
        <Select
          label="Time zone"
          description="IANA name, such as America/Chicago"
          data={zones}
          value={zone}
          onChange={(value) => {
            setZone(value);
            setError(null);
          }}
          searchable
          nothingFoundMessage="No time zone by that name"
          error={error}
          maxDropdownHeight={260}
          comboboxProps={{ withinPortal: true }}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(save.error, 'Failed to save the time zone')}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={zone === settings.timeZone && settings.source === 'setting'}
          >
            Save time zone
          </Button>
          {settings.source === 'setting' && (
            <Button variant="default" loading={clear.isPending} onClick={() => clear.mutate()}>
              Use the server's default ({settings.defaultTimeZone})
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
