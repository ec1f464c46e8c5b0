import { Card, Group, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface DashboardCardProps {
  title: string;
  /** Shown at the right of the heading, e.g. a count or a refresh button. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A dashboard card as a region named by its heading, so screen readers can jump between cards. */
export function DashboardCard({ title, aside, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="md" radius="md">
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}
