/**
 * The live page's participants: everyone in queue order with their status in words,
 * paged from the server and searched there, since a department's session has up to 20,000 of them.
 * Only the rows in view are in the page (TanStack Virtual); the next page loads as the end of the
 * loaded rows scrolls into view. Live events patch the loaded rows (lib/session-follow.ts).
 */
import { Badge, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { BidSessionStatus, Participant } from '@stationbid/domain';
import { IconSearch } from '@tabler/icons-react';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { getParticipantName } from '../../../lib/session-format.ts';
import { useParticipantPagesQuery } from '../api/session-room-queries.ts';
import { describeParticipantStatus } from '../utils/live-bidding-format.ts';
import { LiveSection } from './live-section.tsx';

/** A row's height before it is measured (one line of name, one of rank, the badge beside). */
const ESTIMATED_ROW_HEIGHT = 64;
/** The list's height: about seven rows, so the page around it stays in reach on a phone. */
const LIST_HEIGHT = 440;
/** Rows rendered beyond the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 8;
/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

export interface ParticipantsListProps {
  sessionId: string;
  sessionStatus: BidSessionStatus;
  /** Everyone in the session (the board's count), whatever the search. */
  total: number;
}

/** Everyone in the session in queue order, each with their status in words. */
export function ParticipantsList({ sessionId, sessionStatus, total }: ParticipantsListProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useParticipantPagesQuery(sessionId, debouncedSearch, true);
  const participants = useMemo(() => pages.data?.pages.flatMap((page) => page.participants) ?? [], [pages.data]);
  const matching = pages.data?.pages[0]?.total ?? null;
  const statusId = useId();

  return (
    <LiveSection title={`Participants (${total})`}>
      <TextInput
        label="Search participants"
        description="By name or employee ID"
        placeholder="e.g. Ramirez"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        aria-describedby={statusId}
      />
      <Text size="sm" c="dimmed" id={statusId} aria-live="polite">
        {debouncedSearch !== '' && matching !== null
          ? `${matching} ${matching === 1 ? 'participant matches' : 'participants match'} "${debouncedSearch}"`
          : ''}
      </Text>
      {pages.isError && participants.length === 0 ? (
        <LoadError
          title="Failed to load participants"
          error={pages.error}
          onRetry={() => pages.refetch()}
          isRetrying={pages.isFetching}
        />
      ) : pages.isPending ? (
        <Group gap="xs">
          <Loader size="xs" role="status" aria-label="Loading participants" />
          <Text size="sm">Loading participants…</Text>
        </Group>
      ) : participants.length === 0 ? (
        <Text c="dimmed" size="sm">
          {debouncedSearch === '' ? 'Nobody takes part in this session.' : 'No participant matches your search.'}
        </Text>
      ) : (
        <VirtualParticipantRows
          participants={participants}
          setSize={matching ?? participants.length}
          sessionStatus={sessionStatus}
          hasMore={pages.hasNextPage}
          isLoadingMore={pages.isFetchingNextPage}
          onLoadMore={() => void pages.fetchNextPage()}
        />
      )}
    </LiveSection>
  );
}

interface VirtualParticipantRowsProps {
  participants: readonly Participant[];
  /** How many rows the whole list has (the server's count), for assistive technology. */
  setSize: number;
  sessionStatus: BidSessionStatus;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}

function VirtualParticipantRows({
  participants,
  setSize,
  sessionStatus,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: VirtualParticipantRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // One more row at the end while pages remain: scrolling it into view asks for the next page.
  const rowCount = participants.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    getItemKey: (index) => participants[index]?.id ?? 'more',
    // Without layout (a hidden tab, jsdom) sizes read 0: fall back to the list's own and the estimate.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: LIST_HEIGHT }),
      ),
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ESTIMATED_ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !isLoadingMore && lastIndex >= participants.length - 1) onLoadMore();
  }, [hasMore, isLoadingMore, lastIndex, participants.length, onLoadMore]);

  return (
    <div
      ref={scrollRef}
      // A scrolling region must be reachable by keyboard to be scrolled without a mouse (WCAG 2.1.1).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable list itself is what the keyboard scrolls
      tabIndex={0}
      style={{ height: LIST_HEIGHT, overflowY: 'auto', contain: 'strict', position: 'relative' }}
    >
      <ul
        aria-label="Participants in queue order"
        aria-busy={isLoadingMore}
        style={{ height: virtualizer.getTotalSize(), width: '100%', position: 'relative', margin: 0, padding: 0 }}
      >
        {items.map((item) => {
          const participant = participants[item.index];
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={participant === undefined ? undefined : setSize}
              aria-posinset={participant === undefined ? undefined : item.index + 1}
              style={{
                listStyle: 'none',
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
            >
              {participant === undefined ? (
                <Group gap="xs" py="xs">
                  <Loader size="xs" role="status" aria-label="Loading more participants" />
                  <Text size="sm">Loading more…</Text>
                </Group>
              ) : (
                <ParticipantRow participant={participant} sessionStatus={sessionStatus} />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ParticipantRow({ participant, sessionStatus }: { participant: Participant; sessionStatus: BidSessionStatus }) {
  const status = describeParticipantStatus(participant, sessionStatus);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" py={6} pr="xs">
      <Stack gap={0}>
        <Text fw={600}>
          #{participant.position + 1} {getParticipantName(participant)}
        </Text>
        <Text size="xs" c="dimmed">
          {participant.user.rank} · Priority {participant.bidPriority}
        </Text>
      </Stack>
      <Badge color={status.tone} variant="light" style={{ textTransform: 'none', maxWidth: '100%' }}>
        {status.label}
      </Badge>
    </Group>
  );
}
