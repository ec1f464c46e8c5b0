import { Badge, Card, SimpleGrid, Text } from '@mantine/core';
import type { User } from '@stationbid/domain';
import type { ReactNode } from 'react';
import { formatBidPriority, formatShift, formatStation, getBidPriorityColor } from '../utils/dashboard-format.ts';

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

/** The dashboard's four figures: years, station, shift and place in the bid queue. */
export function StatCards({ user }: { user: User }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 4 }}
      component="ul"
      aria-label="Your figures"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      <StatCard label="Years of Service">{user.yearsOfService}</StatCard>
      <StatCard label="Current Station">{formatStation(user.currentStation)}</StatCard>
      <StatCard label="Current Shift">{formatShift(user.currentShift)}</StatCard>
      <StatCard label="Bid Priority">
        {user.bidPriority === null ? (
          formatBidPriority(null)
        ) : (
          <Badge size="lg" variant="light" color={getBidPriorityColor(user.bidPriority)}>
            {formatBidPriority(user.bidPriority)}
          </Badge>
        )}
      </StatCard>
    </SimpleGrid>
  );
}
