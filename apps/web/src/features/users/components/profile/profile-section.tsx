import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface ProfileSectionProps {
  title: string;
  /** A short line under the title, e.g. who may change the fields below. */
  description?: string;
  children: ReactNode;
}

/**
 * One card of the profile page, a named region so screen readers can jump between them. Secondary
 * text is gray.7 throughout the profile: Mantine's dimmed grey is below 4.5:1 on white.
 */
export function ProfileSection({ title, description, children }: ProfileSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          {description !== undefined && (
            <Text size="sm" c="gray.7" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
