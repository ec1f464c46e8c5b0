/**
 * Before a session starts: the participants lacking a date or list number the department's
 * seniority rule needs, so the administrator can add them on the Members page before pressing
 * Start (which the server refuses, with the same sentence, until they do).
 */
import { Alert, List, Text } from '@mantine/core';
import { SENIORITY_KEY_LABELS } from '@stationbid/domain';
import { useSeniorityCheckQuery } from '../api/bid-session-queries.ts';

export function SeniorityCheckNotice({ sessionId, enabled }: { sessionId: string; enabled: boolean }) {
  const check = useSeniorityCheckQuery(sessionId, enabled);
  if (!enabled || !check.data || check.data.missingSeniorityKeys.length === 0) return null;
  return (
    <Alert color="yellow" title="Cannot start yet" role="status">
      <Text size="sm">{check.data.message}</Text>
      <List size="sm" mt={4} aria-label="Participants lacking a seniority key">
        {check.data.missingSeniorityKeys.map((entry) => (
          <List.Item key={entry.participantId}>
            {entry.name}: no {SENIORITY_KEY_LABELS[entry.key].toLowerCase()}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
