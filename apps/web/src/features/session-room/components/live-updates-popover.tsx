/**
 * The Live Updates bell's button with its dropdown (live-updates-bell.tsx): Mantine's Popover is about
 * 6 kB of gzipped code the live page's first paint does not need (issue 14's 250 kB), so this module
 * is loaded once the bell shows, replacing the stand-in button the bell shows meanwhile.
 */
import { ActionIcon, Popover, Stack, Text, Title } from '@mantine/core';
import { TIMERS } from '@stationbid/domain';
import { IconBell } from '@tabler/icons-react';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { useNow } from '../../../hooks/use-now.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import type { LiveUpdates } from '../hooks/use-live-updates.ts';
import { formatMoment } from '../utils/live-bidding-format.ts';
import { describeLiveUpdate, LIVE_UPDATES_KEPT } from '../utils/live-updates.ts';

/** What the stand-in button hands over when this one replaces it: its focus, and a click not yet answered. */
export interface BellHandoff {
  hasFocus: boolean;
  wantsOpen: boolean;
}

export interface LiveUpdatesPopoverProps {
  liveUpdates: LiveUpdates;
  /** The button's name, which says the count. */
  label: string;
  handoff: RefObject<BellHandoff>;
}

export function LiveUpdatesPopover({ liveUpdates, label, handoff }: LiveUpdatesPopoverProps) {
  const timeZone = useDepartmentTimeZone();
  const { updates, isOpen, setOpen } = liveUpdates;
  const dropdownId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Replacing the stand-in moves focus nowhere: give it to this button, and open the list if the
  // stand-in was clicked, after mounting closed, so the popover returns focus here when it closes.
  useEffect(() => {
    const { hasFocus, wantsOpen } = handoff.current;
    handoff.current = { hasFocus: false, wantsOpen: false };
    if (hasFocus || wantsOpen) buttonRef.current?.focus();
    if (wantsOpen) setOpen(true);
  }, [handoff, setOpen]);
  // "2m ago" ages while the list stays open.
  const nowMs = useNow(TIMERS.liveRefreshMs);

  // Roles are set here: Mantine would name the list after the bell, whose name changes with the count.
  return (
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
          ref={buttonRef}
          variant="default"
          size="lg"
          aria-label={label}
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
      <Popover.Dropdown id={dropdownId} role="dialog" aria-label="Live Updates" tabIndex={-1} maw="calc(100vw - 2rem)">
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
                      <time dateTime={update.at} title={formatMoment(update.at, { timeZone })}>
                        {formatRelativeTime(update.at, nowMs, { timeZone })}
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
  );
}
