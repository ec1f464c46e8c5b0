import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { BidSessionDetail } from '@stationbid/domain';
import { getParticipantName } from '../../../lib/session-format.ts';
import { describeParticipantStatus } from '../utils/live-bidding-format.ts';
import { LiveSection } from './live-section.tsx';

/** Everyone in the session in queue order, each with their status in words. */
export function ParticipantsList({ session }: { session: BidSessionDetail }) {
  return (
    <LiveSection title={`Participants (${session.participants.length})`}>
      <List listStyleType="none" spacing="xs" aria-label="Participants in queue order">
        {session.participants.map((participant) => {
          const status = describeParticipantStatus(participant, session.status);
          return (
            <List.Item key={participant.id}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={600}>
                    #{participant.position + 1} {getParticipantName(participant)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {participant.user.rank} · Priority {participant.bidPriority}
                  </Text>
                </Stack>
                <Badge color={status.tone} variant="light" style={{ textTransform: 'none', maxWidth: '100%' }}>
                  {status.label}
                </Badge>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </LiveSection>
  );
}

/** Who has the live page open now (joined and seen in the last 2 minutes). */
export function ConnectedUsers({ session }: { session: BidSessionDetail }) {
  const connected = session.participants.filter((participant) => participant.isConnected);
  return (
    <LiveSection title={`Connected Users (${connected.length})`}>
      {connected.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody is connected right now.
        </Text>
      ) : (
        <List spacing={4} size="sm" aria-label="Connected users">
          {connected.map((participant) => (
            <List.Item key={participant.id}>{getParticipantName(participant)}</List.Item>
          ))}
        </List>
      )}
    </LiveSection>
  );
}
