/**
 * The Live Updates bell of the live bidding page (spec section 2: "A Live Updates bell dropdown shows
 * only while the session is active"): the number of session events since the list was last opened,
 * and the latest events, newest first, as the live stream brings them.
 */
import { ActionIcon, Indicator, Popover, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import type { LiveUpdates } from '../hooks/use-live-updates.ts';
import { formatMoment } from '../utils/live-bidding-format.ts';
import { describeLiveUpdate, LIVE_UPDATES_KEPT } from '../utils/live-updates.ts';

interface LiveUpdatesBellProps {
  liveUpdates: LiveUpdates;
}

export function LiveUpdatesBell({ liveUpdates }: LiveUpdatesBellProps) {
  const { updates, unseenCount, isOpen, setOpen } = liveUpdates;
  const dropdownId = useId();
  // The bell goes when the session stops being active; it must not come back already open.
  useEffect(() => () => setOpen(false), [setOpen]);
  // Read when the list renders (it renders again with every event), so "2m ago" is current when opened.
  const nowMs = Date.now();

  return (
    <Indicator
      // The button's name says the count; the badge only shows it.
      label={<span aria-hidden>{unseenCount}</span>}
      size={18}
      color="red"
      disabled={unseenCount === 0}
      offset={4}
    >
      {/* Roles are set here: Mantine would name the list after the bell, whose name changes with the count. */}
      <Popover
        opened={isOpen}
        onChange={setOpen}
        position="bottom-end"
        width={320}
        shadow="md"
        trapFocus
        returnFocus
        withRoles={false}
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={unseenCount === 0 ? 'Live updates' : `Live updates, ${unseenCount} new`}
            aria-haspopup="dialog"
            aria-expanded={isOpen}
            aria-controls={isOpen ? dropdownId : undefined}
            // A controlled popover leaves opening to its target.
            onClick={() => setOpen(!isOpen)}
          >
            <IconBell size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        {/* Focusable itself, so the focus trap can move focus in even when the list has no control, and Escape closes it. */}
        <Popover.Dropdown
          id={dropdownId}
          role="dialog"
          aria-label="Live Updates"
          tabIndex={-1}
          maw="calc(100vw - 2rem)"
        >
          <Stack gap="xs">
            <Title order={2} size="h5">
              Live Updates
            </Title>
            <Text size="xs" c="gray.7">
              The latest {LIVE_UPDATES_KEPT} events of this session, newest first.
            </Text>
            {updates.length === 0 ? (
              <Text size="sm" c="gray.7">
                Nothing new yet. Bids, skips and pauses appear here as they happen.
              </Text>
            ) : (
              <Stack
                component="ol"
                gap="xs"
                p={0}
                m={0}
                mah={360}
                style={{ listStyle: 'none', overflowY: 'auto' }}
                aria-label="Session events"
              >
                {updates.map((update) => {
                  const description = describeLiveUpdate(update);
                  return (
                    <Stack key={update.key} component="li" gap={0}>
                      <Text size="sm" fw={600}>
                        {description.title}
                      </Text>
                      {description.seat !== null && <Text size="sm">{description.seat}</Text>}
                      <Text size="xs" c="gray.7">
                        <time dateTime={update.at} title={formatMoment(update.at)}>
                          {formatRelativeTime(update.at, nowMs)}
                        </time>
                      </Text>
                    </Stack>
                  );
                })}
              </Stack>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
