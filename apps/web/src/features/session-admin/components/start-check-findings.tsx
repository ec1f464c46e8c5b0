/**
 * What the start check found (GET /bid-sessions/:id/start-check), in the server's words: warnings
 * (members who will not be told of their turn, times in the wrong zone) first, then what is merely
 * worth knowing. Shown in the start confirmation, and on a scheduled session's card until fixed,
 * since that session starts by itself with nobody there to read a dialog.
 */
import { Alert, List, Text, ThemeIcon } from '@mantine/core';
import type { StartCheck } from '@stationbid/domain';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useStartCheckQuery } from '../api/bid-session-queries.ts';

/** Every finding, or that all is ready. */
export function StartCheckFindings({ check }: { check: StartCheck }) {
  if (check.findings.length === 0) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title="All is ready">
        {check.summary}
      </Alert>
    );
  }
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        {check.summary}
      </Text>
      <List spacing={6} size="sm" aria-label="What the start check found" center>
        {check.findings.map((finding) => (
          <List.Item
            key={finding.code}
            icon={
              <ThemeIcon
                size={20}
                radius="xl"
                variant="light"
                color={finding.severity === 'warning' ? 'orange' : 'blue'}
                aria-hidden
              >
                {finding.severity === 'warning' ? <IconAlertTriangle size={14} /> : <IconInfoCircle size={14} />}
              </ThemeIcon>
            }
          >
            <Text size="sm" span>
              <Text span fw={600} size="sm">
                {finding.severity === 'warning' ? 'Warning: ' : 'Note: '}
              </Text>
              {finding.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** How often a scheduled session's card checks again, so a fixed setting drops off by itself. */
const SCHEDULED_CHECK_REFRESH_MS = 60_000;

/** On a scheduled session's card: the warnings, until they are fixed; nothing when there are none. */
export function ScheduledStartCheckNotice({ sessionId, sessionName }: { sessionId: string; sessionName: string }) {
  const check = useStartCheckQuery(sessionId, { refetchInterval: SCHEDULED_CHECK_REFRESH_MS });
  const warnings = check.data?.findings.filter((finding) => finding.severity === 'warning') ?? [];
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      icon={<IconAlertTriangle aria-hidden />}
      title={`Before ${sessionName} starts by itself`}
    >
      <List size="sm" spacing={4} aria-label={`Start check of ${sessionName}`}>
        {warnings.map((finding) => (
          <List.Item key={finding.code}>{finding.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
