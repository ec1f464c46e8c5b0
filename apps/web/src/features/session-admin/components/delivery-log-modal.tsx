/**
 * The delivery log of a session: "was Grace told?". Each e-mail, text and push the session queued
 * for its participants, newest first, with its channel, what it was about, when and how it went
 * (from the outbox), filtered by member and channel, a page at a time (a 300-member session sends
 * thousands). Opened from a session's card, the control panel, and a queue row (filtered to them).
 */
import {
  Alert,
  Badge,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DELIVERY_CHANNELS, type DeliveryChannel, type DeliveryLogEntry } from '@stationbid/domain';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatDateTime } from '../../../lib/session-format.ts';
import { useDeliveryLogQuery, useParticipantSearchQuery } from '../api/bid-session-queries.ts';
import { DELIVERY_LOG_PAGE_SIZE } from '../api/get-delivery-log.ts';
import { CHANNEL_LABELS, DELIVERY_RESULT_COLORS, DELIVERY_RESULT_LABELS } from '../utils/delivery-words.ts';
import type { DeliveryLogSubject } from './next-in-queue-panel.tsx';

interface DeliveryLogModalProps {
  /** The session whose notices to show; null when closed. */
  session: { id: string; name: string } | null;
  /** Opened for one member (from a queue row), else everyone. */
  member?: DeliveryLogSubject | null;
  onClose: () => void;
}

export function DeliveryLogModal({ session, member = null, onClose }: DeliveryLogModalProps) {
  return (
    <Modal
      opened={session !== null}
      onClose={onClose}
      title={session === null ? 'Delivery log' : `Delivery log: ${session.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {session !== null && (
        // A fresh filter each time it opens, starting from the member it was opened for.
        <DeliveryLogBody key={`${session.id}:${member?.memberId ?? ''}`} sessionId={session.id} member={member} />
      )}
    </Modal>
  );
}

const CHANNEL_OPTIONS = [
  { value: '', label: 'All channels' },
  ...DELIVERY_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] })),
];

function DeliveryLogBody({ sessionId, member }: { sessionId: string; member: DeliveryLogSubject | null }) {
  const [chosenMember, setChosenMember] = useState<DeliveryLogSubject | null>(member);
  const [search, setSearch] = useState(member?.name ?? '');
  const [channel, setChannel] = useState<DeliveryChannel | null>(null);
  const [page, setPage] = useState(0);
  const log = useDeliveryLogQuery(sessionId, { memberId: chosenMember?.memberId ?? null, channel, page });
  const matches = useParticipantSearchQuery(
    sessionId,
    chosenMember !== null && search === chosenMember.name ? '' : search,
  );

  const memberOptions = new Map<string, string>();
  if (chosenMember !== null) memberOptions.set(chosenMember.memberId, chosenMember.name);
  for (const participant of matches.data?.participants ?? []) {
    if (participant.user.id !== null) {
      memberOptions.set(participant.user.id, `${participant.user.firstName} ${participant.user.lastName}`);
    }
  }
  const pageCount = Math.max(1, Math.ceil((log.data?.total ?? 0) / DELIVERY_LOG_PAGE_SIZE));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Member"
          placeholder="Everyone: type a name"
          searchable
          clearable
          data={[...memberOptions].map(([value, label]) => ({ value, label }))}
          value={chosenMember?.memberId ?? null}
          searchValue={search}
          onSearchChange={setSearch}
          // The server searched already: every option it sent matches.
          filter={({ options }) => options}
          nothingFoundMessage={matches.isFetching ? 'Searching…' : 'No participant matches'}
          onChange={(value, option) => {
            setChosenMember(value === null || option === null ? null : { memberId: value, name: option.label });
            setPage(0);
          }}
        />
        <NativeSelect
          label="Channel"
          data={CHANNEL_OPTIONS}
          value={channel ?? ''}
          onChange={(event) => {
            setChannel((event.currentTarget.value || null) as DeliveryChannel | null);
            setPage(0);
          }}
        />
      </SimpleGrid>

      {log.isPending ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Loading the delivery log" />
        </Center>
      ) : log.isError ? (
        <Alert color="red" variant="light" role="alert" title="The delivery log could not be read">
          {getErrorMessage(log.error, 'Try again in a moment.')}
        </Alert>
      ) : log.data.entries.length === 0 ? (
        <Text size="sm">
          {chosenMember === null
            ? 'No e-mail, text or push has been queued for this session yet.'
            : `No e-mail, text or push has been queued for ${chosenMember.name} in this session.`}{' '}
          Notices in StationBid itself are not listed here.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {log.data.offset + 1} to {log.data.offset + log.data.entries.length} of {log.data.total}, newest
            first
          </Text>
          <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notices">
            {log.data.entries.map((entry) => (
              <LogEntry key={entry.id} entry={entry} />
            ))}
          </Stack>
          {pageCount > 1 && (
            <Group justify="center">
              <Pagination
                total={pageCount}
                value={page + 1}
                onChange={(value) => setPage(value - 1)}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : undefined,
                })}
                getItemProps={(value) => ({ 'aria-label': `Page ${value}` })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

function LogEntry({ entry }: { entry: DeliveryLogEntry }) {
  const timeZone = useDepartmentTimeZone();
  const when =
    entry.result === 'delivered' && entry.sentAt !== null
      ? `Delivered ${formatDateTime(entry.sentAt, { timeZone })}`
      : entry.lastAttemptAt !== null
        ? `Last tried ${formatDateTime(entry.lastAttemptAt, { timeZone })}`
        : `Queued ${formatDateTime(entry.queuedAt, { timeZone })}`;
  return (
    <li>
      <Paper withBorder p={8} radius="sm">
        <Stack gap={2}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {entry.memberName} · {CHANNEL_LABELS[entry.channel]} · {entry.kindLabel}
            </Text>
            <Badge size="sm" variant="light" color={DELIVERY_RESULT_COLORS[entry.result]} tt="none">
              {DELIVERY_RESULT_LABELS[entry.result]}
            </Badge>
          </Group>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {when} · to {entry.recipient}
            {entry.attempts > 1 ? ` · ${entry.attempts} attempts` : ''}
          </Text>
          {entry.lastError !== null && entry.result !== 'delivered' && (
            <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              Reason: {entry.lastError}
            </Text>
          )}
        </Stack>
      </Paper>
    </li>
  );
}
