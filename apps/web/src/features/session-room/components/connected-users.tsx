import { Stack, Text } from '@mantine/core';
import { getParticipantName } from '../../../lib/session-format.ts';
import { useConnectedParticipantsQuery } from '../api/session-room-queries.ts';
import { LiveSection } from './live-section.tsx';

/**
 * Who has the live page open now (joined and seen in the last 2 minutes): counted by the server
 * (`connected=true`), the first few named.
 */
export function ConnectedUsers({ sessionId }: { sessionId: string }) {
  const connected = useConnectedParticipantsQuery(sessionId);
  const participants = connected.data?.participants ?? [];
  const total = connected.data?.total ?? 0;
  return (
    <LiveSection title={`Connected Users (${total})`}>
      {connected.isError && connected.data === undefined ? (
        <Text c="dimmed" size="sm">
          Who is connected could not be read.
        </Text>
      ) : participants.length === 0 ? (
        <Text c="dimmed" size="sm">
          {connected.isPending ? 'Loading…' : 'Nobody is connected right now.'}
        </Text>
      ) : (
        <Stack gap={4}>
          <Stack component="ul" gap={4} aria-label="Connected users" style={{ paddingLeft: '1.25rem', margin: 0 }}>
            {participants.map((participant) => (
              <Text component="li" size="sm" key={participant.id}>
                {getParticipantName(participant)}
              </Text>
            ))}
          </Stack>
          {total > participants.length && (
            <Text size="sm" c="dimmed">
              and {total - participants.length} more
            </Text>
          )}
        </Stack>
      )}
    </LiveSection>
  );
}
