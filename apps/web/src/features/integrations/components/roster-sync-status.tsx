/**
 * The Integrations page's roster sync: what it does, in plain words, and the latest syncs another
 * system sent (PUT /api/admin/roster): when, who sent it, how it went and what it changed. Who was
 * deactivated, who was left out but kept active (and why) and the rows with errors sit in a
 * disclosure per sync, so a phone is not flooded by a large roster. While a sync runs, its
 * progress is read again every few seconds (the query stops once none is running).
 */
import { Badge, Code, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { plural, type RosterSyncJob, type RosterSyncResult } from '@stationbid/domain';
import { IconUsers } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Disclosure } from '../../../components/disclosure.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatDateTime } from '../../../lib/session-format.ts';
import { useRosterSyncJobsQuery } from '../api/roster-sync-queries.ts';

const STATE_LABELS: Record<RosterSyncJob['state'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  succeeded: { label: 'Synced', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

const countFormat = new Intl.NumberFormat('en-US');
const formatCount = (count: number) => countFormat.format(count);

/** "2 new members, 3 updated, 1 reactivated, 1 deactivated, 294 unchanged, 1 row with errors". */
function describeRosterSyncCounts(results: RosterSyncResult): string {
  const parts = [plural(results.created, 'new member'), `${formatCount(results.updated ?? 0)} updated`];
  if (results.reactivated > 0) parts.push(`${formatCount(results.reactivated)} reactivated`);
  parts.push(`${formatCount(results.deactivated)} deactivated`, `${formatCount(results.unchanged ?? 0)} unchanged`);
  if (results.keptActive.length > 0) parts.push(`${formatCount(results.keptActive.length)} left out but kept active`);
  if (results.errors.length > 0) parts.push(`${plural(results.errors.length, 'row')} with errors`);
  return parts.join(', ');
}

export function RosterSyncStatus() {
  const titleId = useId();
  const query = useRosterSyncJobsQuery();

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Roster sync
        </Title>
        <Text size="sm" c="gray.7">
          An HR or scheduling system with a token that has the <Code>roster:write</Code> scope sends the whole active
          roster to <Code>PUT /api/admin/roster</Code>. New employee IDs are added, changes are saved, and active
          members the roster leaves out are deactivated, never administrators or members bidding in a running session.
        </Text>
        {query.isPending && <Loader size="sm" role="status" aria-label="Loading roster syncs" />}
        {query.isError && (
          <Text size="sm" role="alert">
            {getErrorMessage(query.error, 'Failed to load roster syncs')}
          </Text>
        )}
        {query.isSuccess && query.data.length === 0 && (
          <Text size="sm" c="gray.7">
            No roster sync has run yet. To start one, create an API token with the roster:write scope above and give it
            to the system that keeps the roster; what it sends is described in <Code>docs/integrations.md</Code>,
            "Roster sync".
          </Text>
        )}
        {query.isSuccess && query.data.length > 0 && (
          <Stack
            component="ul"
            gap="xs"
            aria-label="Latest roster syncs"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {query.data.map((job) => (
              <RosterSyncRow key={job.id} job={job} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function RosterSyncRow({ job }: { job: RosterSyncJob }) {
  const timeZone = useDepartmentTimeZone();
  const when = formatDateTime(job.createdAt, { timeZone, withSeconds: false });
  const state = STATE_LABELS[job.state];
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Roster sync of ${when}`}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconUsers size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {when}
          </Text>
          <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
            {state.label}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="gray.7">
            Sent by:{' '}
          </Text>
          {job.startedBy ?? 'Not recorded'}
        </Text>
        {job.state === 'running' && <RosterSyncProgress job={job} />}
        {job.state === 'failed' && (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {job.error ?? 'The roster sync failed, and nothing was changed.'}
          </Text>
        )}
        {job.state === 'succeeded' && job.results !== null && (
          <>
            <Text size="sm">{describeRosterSyncCounts(job.results)}</Text>
            <RosterSyncDetails results={job.results} when={when} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The members checked so far; the bar's own values count members, so a screen reader says the same. */
function RosterSyncProgress({ job }: { job: RosterSyncJob }) {
  const labelId = useId();
  const { rowsDone, rowsTotal } = job;
  const percent = rowsTotal === 0 ? 0 : Math.round((rowsDone / rowsTotal) * 100);
  const text = `${formatCount(rowsDone)} of ${plural(rowsTotal, 'member')} checked`;
  return (
    <Stack gap={4}>
      <Text size="sm" id={labelId}>
        {text}
      </Text>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={rowsTotal}
        aria-valuenow={rowsDone}
        aria-valuetext={text}
      >
        <Progress value={percent} aria-hidden />
      </div>
    </Stack>
  );
}

/** Who was deactivated, who was kept active and why, and the rows with errors: closed until asked for. */
function RosterSyncDetails({ results, when }: { results: RosterSyncResult; when: string }) {
  const { deactivations, keptActive, errors, unknownColumns = [] } = results;
  const hasDetails = deactivations.length + keptActive.length + errors.length + unknownColumns.length > 0;
  if (!hasDetails) return null;
  return (
    <Disclosure
      showLabel="Show details"
      hideLabel="Hide details"
      accessibleNameSuffix={`of the roster sync of ${when}`}
    >
      <Stack gap="sm">
        {deactivations.length > 0 && (
          <DetailList title={`Deactivated (${formatCount(deactivations.length)})`}>
            {deactivations.map((member) => (
              <li key={member.employeeId}>
                {member.name} ({member.employeeId})
              </li>
            ))}
          </DetailList>
        )}
        {keptActive.length > 0 && (
          <DetailList title={`Left out but kept active (${formatCount(keptActive.length)})`}>
            {keptActive.map((member) => (
              <li key={member.employeeId}>
                {member.name} ({member.employeeId}): {member.reason}
              </li>
            ))}
          </DetailList>
        )}
        {errors.length > 0 && (
          <DetailList title={`Rows with errors (${formatCount(errors.length)})`}>
            {errors.map((rowError) => (
              <li key={`${rowError.row}:${rowError.error}`}>
                Row {rowError.row}: {rowError.error}
              </li>
            ))}
          </DetailList>
        )}
        {unknownColumns.length > 0 && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="gray.7">
              Fields not read (StationBid does not know them):{' '}
            </Text>
            {unknownColumns.join(', ')}
          </Text>
        )}
      </Stack>
    </Disclosure>
  );
}

function DetailList({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack gap={4}>
      <Title order={3} size="h6" id={titleId}>
        {title}
      </Title>
      <Text component="ul" size="sm" aria-labelledby={titleId} m={0} pl="md" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
