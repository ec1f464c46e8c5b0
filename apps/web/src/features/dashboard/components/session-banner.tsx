import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { describeMinutes, describeWaitRange, plural, type WaitRange } from '@stationbid/domain';
import type { ReactNode } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatDateTime, SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { useJoinBidSessionMutation } from '../api/join-bid-session.ts';
import type { DashboardSession, DashboardSessionFacts } from '../utils/dashboard-session.ts';
import { TurnBanner } from './turn-banner.tsx';

/**
 * The member's session at the top of the dashboard, in one card whatever its state: none running,
 * their turn (or their turn on hold while paused), their place as the people ahead of them and the
 * wait as a range, their turn done, or a session they take no part in. The one place on the
 * dashboard that says where the member stands in the session.
 */
export function SessionBanner({ view, remainingMs }: { view: DashboardSession; remainingMs: number | null }) {
  switch (view.kind) {
    case 'none':
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
    case 'yourTurn':
      return <TurnBanner session={view.session} remainingMs={remainingMs} isPaused={view.isPaused} />;
    case 'waiting':
      return (
        <SessionCard session={view.session} action={<JoinButton session={view.session} />}>
          <WaitingLines
            session={view.session}
            peopleAhead={view.peopleAhead}
            wait={view.wait}
            isPaused={view.isPaused}
          />
        </SessionCard>
      );
    case 'done':
      return (
        <SessionCard session={view.session} action={<LinkButton to={sessionPath(view.session)} label="Open Session" />}>
          <Text fw={700}>{view.seat === null ? 'Your turn is done.' : `You got ${view.seat}.`}</Text>
          <Text size="sm">The session page has your result and everyone else's picks.</Text>
        </SessionCard>
      );
    case 'watching':
      return (
        <SessionCard session={view.session} action={<LinkButton to={paths.bidding} label="View Sessions" />}>
          <Text size="sm">You are not taking part in this session.</Text>
        </SessionCard>
      );
    case 'ended':
      return (
        <SessionCard session={view.session} action={<LinkButton to={sessionPath(view.session)} label="See Results" />}>
          <Text fw={700}>This session has ended.</Text>
        </SessionCard>
      );
  }
}

const sessionPath = (session: DashboardSessionFacts) => generatePath(paths.liveBid, { sessionId: session.id });

function SessionCard({
  session,
  action,
  children,
}: {
  session: DashboardSessionFacts;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-label="Current bid session"
      withBorder
      p="lg"
      radius="md"
      bg={session.status === 'active' ? 'var(--mantine-color-green-light)' : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Stack gap={4} miw={0} flex="1 1 240px">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4">
              {session.name}
            </Title>
            <Badge color={session.status === 'active' ? 'green' : session.status === 'paused' ? 'yellow' : 'gray'}>
              {SESSION_STATUS_LABELS[session.status]}
            </Badge>
          </Group>
          {children}
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}

/**
 * "3 people ahead of you" and "Your turn in 6 to 40 minutes": the member's one place in the session
 * and the wait as a range, with what the range is made of.
 */
function WaitingLines({
  session,
  peopleAhead,
  wait,
  isPaused,
}: {
  session: DashboardSessionFacts;
  peopleAhead: number;
  wait: WaitRange;
  isPaused: boolean;
}) {
  const timeZone = useDepartmentTimeZone();
  const hasStarted = session.status === 'active' || session.status === 'paused';
  const range = describeWaitRange(wait);
  const place = hasStarted
    ? wait.isNext
      ? "You're next"
      : `${plural(peopleAhead, 'person', 'people')} ahead of you`
    : peopleAhead === 0
      ? 'You bid first'
      : `${plural(peopleAhead, 'person', 'people')} ahead of you`;
  const when = hasStarted
    ? `Your turn in ${range}`
    : peopleAhead === 0
      ? 'Your turn begins as the session starts'
      : `Your turn: ${range} after the session starts`;
  return (
    <>
      <Text fw={700} size="lg">
        {place}
      </Text>
      <Text>{when}</Text>
      {peopleAhead > 0 && (
        <Text size="xs" c="dimmed">
          Sooner if picks keep their pace; the longer figure is everyone ahead using their whole{' '}
          {describeMinutes(session.turnMinutes)}.
        </Text>
      )}
      {isPaused && <Text size="sm">The clock is stopped while the session is paused.</Text>}
      {!hasStarted && session.scheduledStart !== null && (
        <Text size="sm">Starts {formatDateTime(session.scheduledStart, { timeZone, withSeconds: false })}.</Text>
      )}
    </>
  );
}

function JoinButton({ session }: { session: DashboardSessionFacts }) {
  const navigate = useNavigate();
  const joinSession = useJoinBidSessionMutation();
  const join = () =>
    joinSession.mutate(session.id, {
      onSuccess: () => {
        showSuccess(`You joined ${session.name}`);
        navigate(generatePath(paths.liveBid, { sessionId: session.id }));
      },
      onError: (error) => showError(error, 'Failed to join session. Please try again.'),
    });
  return (
    <Button onClick={join} loading={joinSession.isPending} aria-label={`Join Session ${session.name}`}>
      Join Session
    </Button>
  );
}

function LinkButton({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} variant="light">
      {label}
    </Button>
  );
}
