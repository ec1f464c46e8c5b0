import { Badge } from '@mantine/core';
import type { BidSessionStatus } from '@stationbid/domain';
import { SESSION_STATUS_COLORS, SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';

/** The session's status as a word, coloured to match; the word alone carries the meaning. */
export function SessionStatusBadge({ status }: { status: BidSessionStatus }) {
  return (
    <Badge color={SESSION_STATUS_COLORS[status]} variant="light">
      {SESSION_STATUS_LABELS[status]}
    </Badge>
  );
}
