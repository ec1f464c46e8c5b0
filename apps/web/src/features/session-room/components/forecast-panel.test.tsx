import { MantineProvider } from '@mantine/core';
import { BID_MESSAGES, DEFAULT_BID_PREFERENCES, type ForecastAnswer } from '@stationbid/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { liveTiming } from '../../../lib/session-follow.ts';
import { stubMatchMedia } from '../../../test/browser-stubs.ts';
import { testId } from '../../../test/build-bid-session.ts';
import { buildForecast, buildForecastChoice } from '../../../test/build-forecast.ts';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { onBidPreferencesSaved } from '../../users/index.ts';
import { FORECAST_UPDATING_RETRY_MS } from '../api/session-room-queries.ts';
import { ForecastPanel } from './forecast-panel.tsx';

// On a busy machine the first render takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const SESSION_ID = testId('5e55', 31);
const FORECAST_PATH = `GET /api/bid-sessions/${SESSION_ID}/forecast`;

/** Ortiz, three choices down his list: his 2nd is the seat he would likely get. */
const ORTIZ = buildForecast({
  sessionId: SESSION_ID,
  sessionVersion: 7,
  expectedPlace: 2,
  summary: 'You would likely get: your 2nd choice, Station 1 · C shift · Engineer.',
  choices: [
    buildForecastChoice({
      place: 1,
      stationNumber: 1,
      stationName: 'Downtown',
      shift: 'B',
      position: 'Engineer',
      chance: 'unlikely',
      freeAtTurn: false,
      explanation:
        'Unlikely: members ahead of you have these seats on their saved lists (1 seat taken before your turn)',
    }),
    buildForecastChoice({
      place: 2,
      stationNumber: 1,
      stationName: 'Downtown',
      shift: 'C',
      position: 'Engineer',
      chance: 'likely',
      explanation: 'Likely: 3 of the 14 members ahead of you have no saved list',
    }),
    buildForecastChoice({
      place: 3,
      stationNumber: 4,
      stationName: 'Harbor',
      shift: 'A',
      position: 'Engineer',
      chance: 'possible',
      freeAtTurn: false,
      explanation:
        'Possible: it is gone by your turn only if members ahead of you with no saved list take it (the forecast guessed 2 would)',
    }),
    buildForecastChoice({
      place: 4,
      stationNumber: 2,
      stationName: 'Northside',
      shift: 'A',
      position: 'Captain',
      chance: 'closed',
      freeAtTurn: false,
      explanation: 'Not open to you: Only a Captain may bid on a Captain seat',
    }),
  ],
});

function renderPanel(
  forecast: MockHandler | ForecastAnswer,
  { boardVersion = 7, hasOutcome = false }: { boardVersion?: number; hasOutcome?: boolean } = {},
) {
  const api = mockApi({
    [FORECAST_PATH]: typeof forecast === 'function' ? forecast : () => jsonResponse(200, { forecast }),
  });
  const queryClient = createQueryClient();
  const panel = (version: number, outcome: boolean) => (
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ForecastPanel sessionId={SESSION_ID} boardVersion={version} hasOutcome={outcome} />
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(panel(boardVersion, hasOutcome));
  return {
    api,
    queryClient,
    user: userEvent.setup(),
    rerender: (version: number, outcome = hasOutcome) => view.rerender(panel(version, outcome)),
  };
}

const forecastReads = (api: ReturnType<typeof mockApi>) => api.requestsTo(FORECAST_PATH).length;

/** The panel, found by its heading. */
const findPanel = () => screen.findByRole('region', { name: 'What will I likely get' });

const savedJitter = liveTiming.boardReadJitterMs;
beforeEach(() => {
  // A new board version is read at once here; the spread of reads is the live layer's own test.
  liveTiming.boardReadJitterMs = 0;
});
afterEach(() => {
  liveTiming.boardReadJitterMs = savedJitter;
});

describe('What will I likely get', () => {
  it('leads with the summary, then each choice with its chance in words and why, the likely seat marked', async () => {
    renderPanel(ORTIZ);
    const panel = await findPanel();
    expect(
      await within(panel).findByText('You would likely get: your 2nd choice, Station 1 · C shift · Engineer.'),
    ).toBeInTheDocument();

    const list = within(panel).getByRole('list', { name: 'Your choices, likely or not' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);

    expect(items[0]).toHaveTextContent('1. Station 1 · B shift · Engineer');
    expect(within(items[0] as HTMLElement).getByText('Unlikely')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent(
      'Unlikely: members ahead of you have these seats on their saved lists (1 seat taken before your turn)',
    );

    expect(items[1]).toHaveTextContent('2. Station 1 · C shift · Engineer');
    expect(items[1]).toHaveTextContent('(Downtown)');
    expect(within(items[1] as HTMLElement).getByText('Likely')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Likely: 3 of the 14 members ahead of you have no saved list');

    expect(items[2]).toHaveTextContent('3. Station 4 · A shift · Engineer');
    expect(within(items[2] as HTMLElement).getByText('Possible')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('the forecast guessed 2 would');

    expect(items[3]).toHaveTextContent('4. Station 2 · A shift · Captain');
    expect(within(items[3] as HTMLElement).getByText('Not open to you')).toBeInTheDocument();
    expect(items[3]).toHaveTextContent('Not open to you: Only a Captain may bid on a Captain seat');

    // The seat he would likely get is said in words, on that choice alone.
    expect(within(panel).getAllByText('Your likely seat')).toHaveLength(1);
    expect(within(items[1] as HTMLElement).getByText('Your likely seat')).toBeInTheDocument();
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
  });

  it('names a seat the session does not offer as such', async () => {
    renderPanel(
      buildForecast({
        sessionId: SESSION_ID,
        choices: [
          buildForecastChoice({
            stationNumber: null,
            stationName: null,
            chance: 'closed',
            freeAtTurn: false,
            explanation: 'Not open to you: This session does not offer that seat',
          }),
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Your choices, likely or not' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      '1. A station not in this session · B shift · Engineer',
    );
  });

  it('says "Updating…" while the answer is from a moment ago, and asks again shortly', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: ForecastAnswer = { ...ORTIZ, upToDate: false };
    const { api } = renderPanel(() => jsonResponse(200, { forecast: answer }));
    const panel = await findPanel();
    const note = await within(panel).findByText('Updating…');
    expect(note).toHaveAttribute('role', 'status');
    expect(within(panel).getByRole('list', { name: 'Your choices, likely or not' })).toBeInTheDocument();
    expect(forecastReads(api)).toBe(1);

    // The server has worked the newest version out by the time the page asks again.
    answer = ORTIZ;
    await act(() => vi.advanceTimersByTimeAsync(FORECAST_UPDATING_RETRY_MS));
    await waitFor(() => expect(within(panel).queryByText('Updating…')).not.toBeInTheDocument());
    expect(forecastReads(api)).toBe(2);

    // An answer that is up to date is not asked for again until the board moves on.
    await act(() => vi.advanceTimersByTimeAsync(FORECAST_UPDATING_RETRY_MS * 2));
    expect(forecastReads(api)).toBe(2);
  });

  it('on the member’s turn marks the best choice free now', async () => {
    renderPanel({
      ...ORTIZ,
      turn: 'onTheClock',
      summary: 'Your best choice still free: your 2nd choice, Station 1 · C shift · Engineer.',
    });
    const panel = await findPanel();
    const items = within(await within(panel).findByRole('list')).getAllByRole('listitem');
    expect(within(items[1] as HTMLElement).getByText('Best free now')).toBeInTheDocument();
    expect(within(panel).queryByText('Your likely seat')).not.toBeInTheDocument();
  });

  it('shows only the summary once the member’s turn has been taken', async () => {
    renderPanel(
      { ...ORTIZ, turn: 'turnTaken', summary: 'Your turn has come and gone: your result is on the board.' },
      { hasOutcome: true },
    );
    const panel = await findPanel();
    expect(
      await within(panel).findByText('Your turn has come and gone: your result is on the board.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('list')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells a member without a list what to do, and nothing else', async () => {
    renderPanel(buildForecast({ sessionId: SESSION_ID }));
    const panel = await findPanel();
    expect(
      await within(panel).findByText('Save a ranked list of seats to see which are likely still free at your turn.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('list')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing for a session that has completed (409)', async () => {
    const { api } = renderPanel(() =>
      jsonResponse(409, { error: BID_MESSAGES.forecastAfterCompletion, code: 'CONFLICT' }),
    );
    await waitFor(() => expect(forecastReads(api)).toBe(1));
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it is loading, and shows another failure with a way to try again', async () => {
    let fails = true;
    const { user } = renderPanel(() =>
      fails
        ? jsonResponse(404, { error: BID_MESSAGES.notParticipant, code: 'NOT_FOUND' })
        : jsonResponse(200, { forecast: ORTIZ }),
    );
    expect(screen.getByRole('status', { name: 'Loading your forecast' })).toBeInTheDocument();
    const panel = await findPanel();
    expect(await within(panel).findByText('Failed to load your forecast')).toBeInTheDocument();
    expect(within(panel).getByText(BID_MESSAGES.notParticipant)).toBeInTheDocument();

    fails = false;
    await user.click(within(panel).getByRole('button', { name: 'Try Again' }));
    expect(await within(panel).findByText(ORTIZ.summary)).toBeInTheDocument();
  });

  it('reads the forecast again when the board moves to a new version, keeping the last one on screen meanwhile', async () => {
    let answer = ORTIZ;
    const { api, rerender } = renderPanel(() => jsonResponse(200, { forecast: answer }));
    const panel = await findPanel();
    expect(await within(panel).findByText(ORTIZ.summary)).toBeInTheDocument();
    expect(forecastReads(api)).toBe(1);

    // The same version again (a re-render) is no new read.
    rerender(7);
    expect(forecastReads(api)).toBe(1);

    answer = {
      ...ORTIZ,
      sessionVersion: 8,
      expectedPlace: 3,
      summary: 'You might get: your 3rd choice, Station 4 · A shift · Engineer.',
    };
    rerender(8);
    expect(await within(panel).findByText(answer.summary)).toBeInTheDocument();
    expect(forecastReads(api)).toBe(2);
    const items = within(within(panel).getByRole('list')).getAllByRole('listitem');
    expect(within(items[2] as HTMLElement).getByText('Your likely seat')).toBeInTheDocument();
  });

  it('stops following the board once the member’s turn is over', async () => {
    const taken = {
      ...ORTIZ,
      turn: 'turnTaken' as const,
      summary: 'Your turn has come and gone: your result is on the board.',
    };
    const { api, rerender } = renderPanel(taken, { hasOutcome: true });
    expect(await within(await findPanel()).findByText(taken.summary)).toBeInTheDocument();
    rerender(8);
    rerender(9);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(forecastReads(api)).toBe(1);

    // A rewind gives the turn back: the member's entry has no outcome again, and the board is followed.
    rerender(10, false);
    await waitFor(() => expect(forecastReads(api)).toBe(2));
  });

  it('reads the forecast again when the member saves their ranked list', async () => {
    const { api, queryClient } = renderPanel(ORTIZ);
    expect(await within(await findPanel()).findByText(ORTIZ.summary)).toBeInTheDocument();
    expect(forecastReads(api)).toBe(1);
    await act(() => onBidPreferencesSaved(queryClient, DEFAULT_BID_PREFERENCES));
    await waitFor(() => expect(forecastReads(api)).toBe(2));
  });

  it('folds the choices under the summary on a phone', async () => {
    stubMatchMedia(() => true);
    const { user } = renderPanel(ORTIZ);
    const panel = await findPanel();
    expect(await within(panel).findByText(ORTIZ.summary)).toBeInTheDocument();
    expect(within(panel).queryByRole('list')).not.toBeInTheDocument();

    const toggle = within(panel).getByRole('button', { name: 'Show your choices (4)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await within(panel).findByRole('list', { name: 'Your choices, likely or not' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Hide your choices' })).toHaveAttribute('aria-expanded', 'true');
  });
});
