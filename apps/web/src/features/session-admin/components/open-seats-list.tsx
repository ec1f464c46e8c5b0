/**
 * A vacancy bid's "Vacancy bid" badge and the seats the administrator opened ("Station 7 · B shift ·
 * Firefighter"), on its card and in its details. The sessions list does not carry the open seats, so
 * they are read with the session itself (the details' and the edit form's query, one cache entry),
 * and only for a vacancy bid.
 */
import { Badge, Loader, Stack, Text, Title } from '@mantine/core';
import type { BidSession } from '@stationbid/domain';
import { useId } from 'react';
import { formatSeatByNumber, SESSION_TYPE_LABELS } from '../../../lib/session-format.ts';
import { useBidSessionQuery } from '../api/bid-session-queries.ts';

export function VacancyBadge({ session }: { session: Pick<BidSession, 'type'> }) {
  if (session.type !== 'vacancy') return null;
  return (
    <Badge color="teal" variant="light">
      {SESSION_TYPE_LABELS.vacancy}
    </Badge>
  );
}

interface OpenSeatsListProps {
  session: Pick<BidSession, 'id' | 'type'>;
  /** The heading's level where the list is shown: 4 under a card's title, 3 among the details' sections. */
  headingOrder?: 3 | 4;
  size?: 'xs' | 'sm';
}

export function OpenSeatsList({ session, headingOrder = 3, size = 'sm' }: OpenSeatsListProps) {
  const isVacancy = session.type === 'vacancy';
  const sessionQuery = useBidSessionQuery(session.id, { enabled: isVacancy });
  const titleId = useId();
  if (!isVacancy) return null;
  const openSeats = sessionQuery.data?.openSeats;
  return (
    <Stack gap={4} component="section" aria-labelledby={titleId}>
      <Title order={headingOrder} size={size === 'xs' ? 'h6' : 'h4'} id={titleId}>
        Open seats
      </Title>
      {openSeats === undefined ? (
        sessionQuery.isError ? (
          <Text size={size} c="dimmed">
            The open seats could not be loaded.
          </Text>
        ) : (
          <Loader size="xs" role="status" aria-label="Loading the open seats" />
        )
      ) : openSeats.length === 0 ? (
        <Text size={size} c="dimmed">
          No open seats.
        </Text>
      ) : (
        <Stack component="ul" gap={2} m={0} pl="md" aria-labelledby={titleId}>
          {openSeats.map((seat) => (
            <Text component="li" size={size} key={seat.seatId}>
              {formatSeatByNumber(seat.stationNumber, seat.shift, seat.position)}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
