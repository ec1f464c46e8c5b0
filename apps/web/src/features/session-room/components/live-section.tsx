import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface LiveSectionProps {
  title: string;
  children: ReactNode;
  /** Its content is still loading (aria-busy), e.g. while the code of a panel loaded on demand arrives. */
  isBusy?: boolean;
}

/** A titled region of the live page, so screen readers can jump between them by heading. */
export function LiveSection({ title, children, isBusy = false }: LiveSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} aria-busy={isBusy || undefined} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
