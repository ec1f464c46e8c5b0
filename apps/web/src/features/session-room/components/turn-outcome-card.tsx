/**
 * The lasting card in the "on the clock" header's place once the member's turn has an outcome: a
 * missed turn or a move to the back (who did it, and the second chance ahead), a seat their ranked
 * list took (green, naming which choice), a seat won (when, the seat left, the results), the
 * session ended before their turn, and the completed session. Not an alert and not a toast: it
 * stays until the next turn of theirs, so a member who looks up at 0300 reads what happened.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { formatTimeOfDay } from '../../../lib/session-format.ts';
import { formatCountdown } from '../../../lib/turn-countdown.ts';
import { describeTurnOutcome, type OutcomeWording, type TurnOutcome } from '../utils/turn-outcome.ts';

// The results view is only opened from here, after a turn: its code stays out of the live page's first load.
const SessionResultsDialog = lazy(() =>
  import('../../bid-history/index.ts').then((module) => ({ default: module.SessionResultsDialog })),
);

const TONE_STYLES: Readonly<Record<OutcomeWording['tone'], { background: string; border: string }>> = {
  green: { background: 'var(--mantine-color-green-light)', border: 'var(--mantine-color-green-7)' },
  blue: { background: 'var(--mantine-color-blue-light)', border: 'var(--mantine-color-blue-7)' },
  orange: { background: 'var(--mantine-color-orange-light)', border: 'var(--mantine-color-orange-7)' },
  gray: { background: 'var(--mantine-color-default)', border: 'var(--mantine-color-default-border)' },
};

/** The outcomes after which the session's results say more: the member's own turn is over. */
const SHOWS_RESULTS: ReadonlySet<TurnOutcome['kind']> = new Set(['award', 'ended-early', 'no-award', 'completed']);

export interface TurnOutcomeCardProps {
  outcome: TurnOutcome;
  sessionId: string;
  sessionName: string;
  /** The department's zone, in which the card's times are written. */
  timeZone: string;
  /** While the session runs: who holds the turn now and their time left. */
  now: { holder: string; remainingMs: number | null; isPaused: boolean } | null;
  /** Optional: the header keeps its one live region outside the card, so it outlives the switch. */
  liveRegion?: ReactNode;
}

/** The card's words, its times in the department's zone ("3:14 AM CST"). */
export function describeOutcomeCard(outcome: TurnOutcome, timeZone: string): OutcomeWording {
  return describeTurnOutcome(outcome, (iso) =>
    `${formatTimeOfDay(iso, { locale: 'en-US', timeZone })} ${zoneName(iso, timeZone)}`.trim(),
  );
}

/** What the page's live region says when the card arrives: its title and lines, as one sentence group. */
export function announceOutcomeCard(outcome: TurnOutcome, timeZone: string): string {
  const wording = describeOutcomeCard(outcome, timeZone);
  return [wording.title, ...wording.lines].join(' ');
}

export function TurnOutcomeCard({ outcome, sessionId, sessionName, timeZone, now, liveRegion }: TurnOutcomeCardProps) {
  const titleId = useId();
  const [isResultsOpen, setIsResultsOpen] = useState(false);
  const wording = describeOutcomeCard(outcome, timeZone);
  const tone = TONE_STYLES[wording.tone];

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      data-outcome={outcome.kind}
      withBorder
      p="md"
      radius="md"
      style={{ background: tone.background, borderColor: tone.border, borderWidth: 2 }}
    >
      <Stack gap="xs">
        <Title order={2} size="h3" id={titleId}>
          {wording.title}
        </Title>
        {wording.lines.map((line) => (
          <Text key={line} fw={500}>
            {line}
          </Text>
        ))}
        {now !== null && (
          <Text size="sm" c="gray.8">
            Now: {now.holder}
            {now.remainingMs === null ? '' : ` · ${formatCountdown(now.remainingMs)}${now.isPaused ? ' (paused)' : ''}`}
          </Text>
        )}
        {SHOWS_RESULTS.has(outcome.kind) && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconListDetails size={16} aria-hidden />}
              onClick={() => setIsResultsOpen(true)}
            >
              See the results
            </Button>
          </Group>
        )}
        {liveRegion}
      </Stack>
      {isResultsOpen && (
        <Suspense fallback={null}>
          <SessionResultsDialog
            session={{ id: sessionId, name: sessionName }}
            onClose={() => setIsResultsOpen(false)}
          />
        </Suspense>
      )}
    </Paper>
  );
}

/** "CST": the zone's short name at that moment, as the header's "ends 3:14 AM CST" writes it. */
function zoneName(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}
