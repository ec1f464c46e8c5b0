/**
 * "Seats with requirements": the board's seats that require a certification or must be filled,
 * each with its free seats and, for a participant, whether they qualify for it on the session's
 * day, or why not, in words (the colour of the badge is never the only signal). The board is the
 * same for every watcher; the member's own certifications come from their own place only.
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  boardEffectiveDate,
  describeSeatRules,
  type HeldCertification,
  isEligibleForSeat,
  type Rank,
  type SeatPosition,
  type SessionBoard,
  SHIFTS,
  type Shift,
  whyNotQualified,
} from '@stationbid/domain';
import { useId, useState } from 'react';
import { describeSeat } from '../utils/on-the-clock.ts';

/** How many rows show before "Show all". */
export const SEAT_RULES_SHOWN = 8;

export interface SeatRulesCardProps {
  board: Pick<SessionBoard, 'stations' | 'eligibilityMode' | 'effectiveDate' | 'certificationNames'>;
  /** The viewing participant (rank and own certifications); null for a watcher. */
  member: { rank: Rank; certifications: readonly HeldCertification[] } | null;
  /** Now, for the day certifications count on before the session starts. */
  nowMs?: number;
}

interface RuleRow {
  key: string;
  seat: string;
  rules: string;
  free: number;
  total: number;
  /** null: the member qualifies; a sentence: why not; undefined: a watcher. */
  reason: string | null | undefined;
}

function listRuleRows(
  board: SeatRulesCardProps['board'],
  member: SeatRulesCardProps['member'],
  date: string,
): RuleRow[] {
  const rows: RuleRow[] = [];
  for (const station of [...board.stations].sort((a, b) => a.number - b.number)) {
    for (const shift of SHIFTS) {
      for (const entry of station.availablePositions[shift]) {
        if (member !== null && !isEligibleForSeat(member.rank, entry.position, board.eligibilityMode)) continue;
        for (const group of entry.groups ?? []) {
          if (group.requires.length === 0 && !group.mustFill) continue;
          rows.push({
            key: `${station.id}|${shift}|${entry.position}|${group.requires.join('+')}|${group.mustFill}`,
            seat: describeSeat(station.number, shift as Shift, entry.position as SeatPosition),
            rules: describeSeatRules(board, group),
            free: group.count,
            total: group.total,
            reason:
              member === null
                ? undefined
                : whyNotQualified(
                    board,
                    member,
                    { stationNumber: station.number, shift, position: entry.position, requires: group.requires },
                    date,
                  ),
          });
        }
      }
    }
  }
  return rows;
}

export function SeatRulesCard({ board, member, nowMs = Date.now() }: SeatRulesCardProps) {
  const titleId = useId();
  const [showAll, setShowAll] = useState(false);
  const rows = listRuleRows(board, member, boardEffectiveDate(board, nowMs));
  if (rows.length === 0) return null;
  const shown = showAll ? rows : rows.slice(0, SEAT_RULES_SHOWN);
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          Seats with requirements
        </Title>
        <Text size="sm" c="gray.7">
          {member === null
            ? 'Seats that need a certification or must be filled.'
            : 'Seats that need a certification or must be filled, and whether they are open to you.'}
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
          {shown.map((row) => (
            <li key={row.key}>
              <Group gap="xs" wrap="wrap" align="center">
                <Text size="sm" fw={600}>
                  {row.seat}
                </Text>
                {row.reason === null && (
                  <Badge color="green" variant="light">
                    You qualify
                  </Badge>
                )}
                {typeof row.reason === 'string' && (
                  <Badge color="gray" variant="light">
                    Not open to you
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {row.rules} · {row.free} of {row.total} free
              </Text>
              {typeof row.reason === 'string' && (
                <Text size="sm" c="gray.7">
                  {row.reason}
                </Text>
              )}
            </li>
          ))}
        </Stack>
        {rows.length > SEAT_RULES_SHOWN && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => setShowAll((value) => !value)}>
              {showAll ? 'Show fewer' : `Show all ${rows.length}`}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
