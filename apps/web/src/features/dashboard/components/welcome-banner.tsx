import { Group, Paper, Text, Title } from '@mantine/core';
import type { User } from '@stationbid/domain';
import { formatShift, formatStation } from '../utils/dashboard-format.ts';

/** Who is signed in and where they serve today. */
export function WelcomeBanner({ user }: { user: User }) {
  return (
    <Paper component="section" aria-label="Welcome" p="lg" radius="md" bg="blue.8" c="white">
      <Title order={2} size="h3">
        Welcome back, {user.firstName}!
      </Title>
      <Group gap="lg" mt="xs" wrap="wrap">
        <Text size="sm">
          {user.rank} · {user.position}
        </Text>
        <Text size="sm">Employee #{user.employeeId}</Text>
        {user.currentStation === null && user.currentShift === null ? (
          <Text size="sm">No seat assigned</Text>
        ) : (
          <>
            <Text size="sm">{formatStation(user.currentStation)}</Text>
            <Text size="sm">{formatShift(user.currentShift)}</Text>
          </>
        )}
      </Group>
    </Paper>
  );
}
