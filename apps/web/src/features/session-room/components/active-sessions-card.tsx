import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { BidSession } from '@stationbid/domain';
import { generatePath, Link } from 'react-router';
import { SectionCard } from '../../../components/section-card.tsx';
import { paths } from '../../../config/paths.ts';
import { SESSION_STATUS_COLORS, SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';

/** Every active, paused or scheduled session, each linking to its live page. */
export function ActiveSessionsCard({ sessions }: { sessions: readonly BidSession[] }) {
  return (
    <SectionCard title="Active Bid Sessions">
      {sessions.length === 0 ? (
        <Text size="sm" c="gray.7">
          No Active Sessions
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sessions.map((session) => (
            <li key={session.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={generatePath(paths.liveBid, { sessionId: session.id })} fw={600}>
                    {session.name}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {session.completedBids} of {session.participantCount} bids completed
                  </Text>
                </Stack>
                <Badge color={SESSION_STATUS_COLORS[session.status]} variant="light">
                  {SESSION_STATUS_LABELS[session.status]}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
