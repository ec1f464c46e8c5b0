/**
 * The Live Updates bell of the live bidding page, shown only
 * while the session is active: the number of session events since the list was last opened,
 * and the latest events, newest first, as the live stream brings them.
 *
 * The button with its dropdown (live-updates-popover.tsx) is loaded on demand, once the bell shows,
 * to keep Mantine's Popover out of the page's first load (issue 14's 250 kB). Until it arrives a
 * stand-in button with the same name and count takes its place; its focus and a click on it are
 * handed over, so the list opens as soon as it can and focus stays on the bell.
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Suspense, useEffect, useRef } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { LiveUpdates } from '../hooks/use-live-updates.ts';
import type { BellHandoff } from './live-updates-popover.tsx';

const liveUpdatesPopover = lazyWithPreload(() =>
  import('./live-updates-popover.tsx').then((module) => module.LiveUpdatesPopover),
);

interface LiveUpdatesBellProps {
  liveUpdates: LiveUpdates;
}

export function LiveUpdatesBell({ liveUpdates }: LiveUpdatesBellProps) {
  const { unseenCount, setOpen } = liveUpdates;
  const handoff = useRef<BellHandoff>({ hasFocus: false, wantsOpen: false });
  // The bell goes when the session stops being active; it must not come back already open.
  useEffect(() => () => setOpen(false), [setOpen]);
  const label = unseenCount === 0 ? 'Live updates' : `Live updates, ${unseenCount} new`;

  return (
    <Indicator
      // The button's name says the count; the badge only shows it.
      label={<span aria-hidden>{unseenCount}</span>}
      size={18}
      color="red"
      disabled={unseenCount === 0}
      offset={4}
    >
      <Suspense
        fallback={
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={false}
            // A stand-in until the list's code arrives: busy, so assistive technology says so.
            aria-busy
            onFocus={() => {
              handoff.current.hasFocus = true;
            }}
            onBlur={() => {
              handoff.current.hasFocus = false;
            }}
            onClick={() => {
              handoff.current.wantsOpen = !handoff.current.wantsOpen;
            }}
          >
            <IconBell size={18} aria-hidden />
          </ActionIcon>
        }
      >
        <liveUpdatesPopover.Component liveUpdates={liveUpdates} label={label} handoff={handoff} />
      </Suspense>
    </Indicator>
  );
}
