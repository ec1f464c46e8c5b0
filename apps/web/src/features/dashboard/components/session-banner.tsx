import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BidSession } from '@stationbid/domain';
import { generatePath, Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { useJoinBidSessionMutation } from '../api/join-bid-session.ts';

/** The running session with Join Session, or "No Active Bid Sessions" with View Sessions. */
export function SessionBanner({ session }: { session: BidSession | null }) {
  const navigate = useNavigate();
  const joinSession = useJoinBidSessionMutation();

  if (session === null) {
    return (
      <Paper component="section" aria-label="Bid sessions" withBorder p="lg" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Title order={2} size="h4">
              No Active Bid Sessions
            </Title>
            <Text size="sm" c="dimmed">
              You will see the session here as soon as an administrator starts one.
            </Text>
          </div>
          <Button component={Link} to={paths.bidding} variant="light">
            View Sessions
          </Button>
        </Group>
      </Paper>
    );
  }

  const join = () =>
    joinSession.mutate(session.id, {
      onSuccess: () => {
        showSuccess(`Successfully joined ${session.name}`);
        navigate(generatePath(paths.liveBid, { sessionId: session.id }));
      },
      onError: (error) => showError(error, 'Failed to join session. Please try again.'),
    });

  return (
    <Paper
      component="section"
      aria-label="Current bid session"
      withBorder
      p="lg"
      radius="md"
      bg="var(--mantine-color-green-light)"
    >
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4">
              {session.name}
            </Title>
            <Badge color={session.status === 'active' ? 'green' : 'yellow'}>
              {SESSION_STATUS_LABELS[session.status]}
            </Badge>
          </Group>
          {session.description !== '' && <Text size="sm">{session.description}</Text>}
          <Text size="sm" c="dimmed">
            {session.participantCount} {session.participantCount === 1 ? 'participant' : 'participants'}
          </Text>
        </Stack>
        <Button onClick={join} loading={joinSession.isPending} aria-label={`Join Session ${session.name}`}>
          Join Session
        </Button>
      </Group>
    </Paper>
  );
}
