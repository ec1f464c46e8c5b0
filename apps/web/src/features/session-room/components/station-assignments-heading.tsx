import { Stack, Text, Title } from '@mantine/core';

/**
 * The Station Assignments panel's title and help text, shared by the panel and the frame shown while
 * its code loads on demand (lazy-station-assignments-panel.tsx), so the two never read differently.
 * Titled "Live Session" when a session id is given (spec), "Station Assignments" otherwise.
 */
export function StationAssignmentsHeading({ titleId, sessionId }: { titleId: string; sessionId?: string }) {
  return (
    <Stack gap={2}>
      <Title order={2} size="h4" id={titleId}>
        {sessionId === undefined ? 'Station Assignments' : 'Live Session'}
      </Title>
      <Text size="sm" c="gray.7">
        Free seats per shift. Open a station to see each position's filled seats.
      </Text>
    </Stack>
  );
}
