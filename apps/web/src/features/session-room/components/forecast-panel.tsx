/**
 * "What will I likely get": for each seat on the member's ranked list, whether it is likely still
 * free at their turn and why, with the seat they would likely get marked (bidding-rules.md,
 * "Forecast"). Every sentence is the server's; this panel only lays it out. It follows the board's
 * version (hooks/use-forecast.ts), so it moves on with each pick.
 *
 * On a phone the choices are folded under the summary, so the panel takes two lines and a button
 * between the member's list and the rest of the page.
 */
import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ForecastAnswer } from '@stationbid/domain';
import { useId } from 'react';
import { Disclosure } from '../../../components/disclosure.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useIsSmallScreen } from '../../../hooks/use-is-small-screen.ts';
import { formatSeatByNumber } from '../../../lib/session-format.ts';
import { isForecastClosed } from '../api/get-forecast.ts';
import { useForecast } from '../hooks/use-forecast.ts';

export const FORECAST_TITLE = 'What will I likely get';
export const FORECAST_CHOICES_LABEL = 'Your choices, likely or not';

type ForecastChoice = ForecastAnswer['choices'][number];
type ForecastChance = ForecastChoice['chance'];

/** Each chance in words, and its colour (never the only signal: the word is the badge). */
export const FORECAST_CHANCE_BADGES: Record<ForecastChance, { label: string; color: string }> = {
  likely: { label: 'Likely', color: 'green' },
  possible: { label: 'Possible', color: 'yellow' },
  unlikely: { label: 'Unlikely', color: 'orange' },
  closed: { label: 'Not open to you', color: 'gray' },
};

export interface ForecastPanelProps {
  sessionId: string;
  boardVersion: number;
  /** Whether the member's own entry has an outcome already. */
  hasOutcome: boolean;
}

export function ForecastPanel({ sessionId, boardVersion, hasOutcome }: ForecastPanelProps) {
  const titleId = useId();
  const query = useForecast({ sessionId, boardVersion, hasOutcome });
  // A completed session has no forecast: nothing to show rather than an error.
  if (query.isError && isForecastClosed(query.error)) return null;

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {FORECAST_TITLE}
        </Title>
        {query.data !== undefined ? (
          <ForecastBody forecast={query.data} />
        ) : query.isError ? (
          <LoadError
            title="Failed to load your forecast"
            error={query.error}
            onRetry={() => query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <Loader size="sm" role="status" aria-label="Loading your forecast" />
        )}
      </Stack>
    </Paper>
  );
}

function ForecastBody({ forecast }: { forecast: ForecastAnswer }) {
  // After their turn, and without a list, the summary says all there is (what happened, what to do).
  const showsChoices = forecast.turn !== 'turnTaken' && forecast.choices.length > 0;
  return (
    <>
      <Text fw={600}>{forecast.summary}</Text>
      {!forecast.upToDate && (
        <Text size="xs" c="gray.7" role="status">
          Updating…
        </Text>
      )}
      {showsChoices && <ForecastChoices forecast={forecast} />}
    </>
  );
}

function ForecastChoices({ forecast }: { forecast: ForecastAnswer }) {
  const isSmallScreen = useIsSmallScreen();
  const expectedLabel = forecast.turn === 'onTheClock' ? 'Best free now' : 'Your likely seat';
  return (
    <Disclosure
      showLabel={`Show your choices (${forecast.choices.length})`}
      hideLabel="Hide your choices"
      defaultOpen={!isSmallScreen}
    >
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={FORECAST_CHOICES_LABEL}>
        {forecast.choices.map((choice) => (
          <ForecastChoiceItem
            key={choice.place}
            choice={choice}
            expectedLabel={choice.place === forecast.expectedPlace ? expectedLabel : null}
          />
        ))}
      </Stack>
    </Disclosure>
  );
}

/** "Station 4 · B shift · Engineer", as the server's summary names a seat. */
function describeChoiceSeat(choice: ForecastChoice): string {
  return choice.stationNumber === null
    ? `A station not in this session · ${choice.shift} shift · ${choice.position}`
    : formatSeatByNumber(choice.stationNumber, choice.shift, choice.position);
}

function ForecastChoiceItem({ choice, expectedLabel }: { choice: ForecastChoice; expectedLabel: string | null }) {
  const chance = FORECAST_CHANCE_BADGES[choice.chance];
  return (
    <li>
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" fw={600}>
          {choice.place}. {describeChoiceSeat(choice)}
        </Text>
        {choice.stationName !== null && (
          <Text size="sm" c="gray.7">
            ({choice.stationName})
          </Text>
        )}
        <Badge color={chance.color} variant="light">
          {chance.label}
        </Badge>
        {expectedLabel !== null && (
          <Badge color="blue" variant="filled">
            {expectedLabel}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="gray.7">
        {choice.explanation}
      </Text>
    </li>
  );
}
