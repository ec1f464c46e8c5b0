import { Card, Group, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionCardProps {
  /** The heading, which also names the card's region. */
  title: ReactNode;
  /** Shown at the right of the heading, e.g. a badge or a button. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A card as a region named by its heading, so screen readers can jump between cards (dashboards, Bidding). */
export function SectionCard({ title, aside, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="md" radius="md">
      <Group justify="space-between" wrap="wrap" mb="sm" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}
