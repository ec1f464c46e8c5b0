import { MantineProvider } from '@mantine/core';
import type { HealthResponse } from '@stationbid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/mock-api.ts';
import { SystemStatusCard } from './system-status-card.tsx';

const healthy: HealthResponse = {
  status: 'ok',
  time: '2026-03-10T12:00:00.000Z',
  process: { uptimeSeconds: 60, memoryRssMb: 120 },
  database: { kind: 'pglite', status: 'up', latencyMs: 1.4 },
};

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <SystemStatusCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// The card is the administrators' (their dashboard shows it); members' dashboards leave it out.
describe('SystemStatusCard', () => {
  it('reports the API and the database as the health check answered', async () => {
    mockApi({ 'GET /api/health': () => jsonResponse(200, healthy) });
    renderCard();
    const card = await screen.findByRole('region', { name: 'System Status' });
    expect(await within(card).findByText('All systems operational')).toBeInTheDocument();
    expect(card).toHaveTextContent('Embedded PostgreSQL, answered in 1.4 ms');
  });

  it('says so when the database is down, and when the API does not answer', async () => {
    let isApiDown = false;
    mockApi({
      'GET /api/health': () =>
        isApiDown
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(200, {
              ...healthy,
              status: 'degraded',
              database: { kind: 'postgres', status: 'down', latencyMs: null, error: 'connection refused' },
            }),
    });
    renderCard();
    const card = await screen.findByRole('region', { name: 'System Status' });
    expect(await within(card).findByText('Service degraded')).toBeInTheDocument();
    expect(card).toHaveTextContent('APIOperational');
    expect(card).toHaveTextContent('DatabasePostgreSQLDown');

    isApiDown = true;
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Check Again' }));
    expect(await within(card).findByText('Unreachable')).toBeInTheDocument();
    expect(card).toHaveTextContent('DatabaseUnknown');
  });
});
