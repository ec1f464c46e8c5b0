/**
 * The profile's Calendar feed (issue 16): a private address a phone's calendar subscribes to, with
 * the member's shift days for the year. The server keeps only a hash of the address's token, so
 * the address is shown once, when it is made; Reset makes a new one and ends the old (the way to
 * see it again, or to stop someone it was shared with).
 */
import { Button, CopyButton, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CalendarFeedStatus } from '@stationbid/domain';
import { IconCalendarEvent, IconCheck, IconCopy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCreateCalendarFeed, useStopCalendarFeed } from '../api/calendar-feed.ts';
import { useCalendarFeedStatusQuery } from '../api/calendar-queries.ts';

function describeShift(status: CalendarFeedStatus): string {
  if (!status.rotationSet) {
    return 'The department has not set its shift rotation yet, so the feed has no shift days for now.';
  }
  if (status.shift === null) return 'You have no seat yet, so the feed has no shift days for now.';
  return `The feed shows your shift ${status.shift} days for the year, from the department's rotation.`;
}

export function CalendarFeedSection() {
  const titleId = useId();
  const statusQuery = useCalendarFeedStatusQuery();
  const createFeed = useCreateCalendarFeed();
  const stopFeed = useStopCalendarFeed();
  // The address as the server answered it; kept only while this page is open.
  const [url, setUrl] = useState<string | null>(null);

  const makeFeed = () => createFeed.mutate(undefined, { onSuccess: (created) => setUrl(created.url) });
  const turnOff = () => stopFeed.mutate(undefined, { onSuccess: () => setUrl(null) });

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          Calendar feed
        </Title>
        <Text size="sm" c="gray.7">
          Subscribe to your private feed in your phone's calendar to see your shift days. Anyone with the link can see
          them: keep it to yourself, and reset it if it got out.
        </Text>
        {statusQuery.isPending && <Loader size="sm" role="status" aria-label="Loading calendar feed" />}
        {statusQuery.isError && (
          <Text size="sm" role="alert">
            {getErrorMessage(statusQuery.error, 'Failed to load the calendar feed')}
          </Text>
        )}
        {statusQuery.isSuccess && (
          <>
            <Text size="sm">{describeShift(statusQuery.data)}</Text>
            {url !== null && (
              <Stack gap={6}>
                <TextInput
                  label="Feed link"
                  description="Shown only now: copy it into your calendar app (Add calendar, From URL)."
                  value={url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      onClick={copy}
                      leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {copied ? 'Link copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            )}
            {url === null && statusQuery.data.hasFeed && (
              <Text size="sm">
                Your feed is on. Its link is shown only when it is made: reset it to get a new link (the old one stops
                working).
              </Text>
            )}
            <Group gap="sm">
              {statusQuery.data.hasFeed ? (
                <>
                  <Button variant="default" onClick={makeFeed} loading={createFeed.isPending}>
                    Reset link
                  </Button>
                  <Button variant="subtle" color="red" onClick={turnOff} loading={stopFeed.isPending}>
                    Turn off
                  </Button>
                </>
              ) : (
                <Button
                  leftSection={<IconCalendarEvent size={16} aria-hidden />}
                  onClick={makeFeed}
                  loading={createFeed.isPending}
                >
                  Create calendar feed
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
