import { Card, SimpleGrid, Text } from '@mantine/core';
import type { User } from '@stationbid/domain';
import type { ReactNode } from 'react';
import { formatShift, formatStation } from '../utils/dashboard-format.ts';

function StatCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="li">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="lg" fw={700} component="div" mt={4}>
        {children}
      </Text>
    </Card>
  );
}

/**
 * The member's own figures: years, station and shift. Their place in the department's seniority order
 * is on the seniority page, and their place in a session in the session banner: one number per place.
 */
export function StatCards({ user }: { user: User }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 3 }}
      component="ul"
      aria-label="Your figures"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      <StatCard label="Years of Service">{user.yearsOfService}</StatCard>
      <StatCard label="Current Station">{formatStation(user.currentStation)}</StatCard>
      <StatCard label="Current Shift">{formatShift(user.currentShift)}</StatCard>
    </SimpleGrid>
  );
}
