import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { DepartmentTimeZoneCard } from './department-time-zone-card.tsx';

function renderWith(element: ReactNode, handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const user = userEvent.setup();
  render(<AppProviders>{element}</AppProviders>);
  return { api, user };
}

const defaultSettings = {
  timeZone: 'America/Chicago',
  timeZoneAbbreviation: 'CST',
  source: 'default',
  defaultTimeZone: 'America/Chicago',
  updatedAt: null,
};

describe('DepartmentTimeZoneCard', () => {
  it('shows the zone in force and where it comes from, and saves a zone chosen from the list', async () => {
    const { api, user } = renderWith(<DepartmentTimeZoneCard />, {
      'GET /api/department-settings': () => jsonResponse(200, defaultSettings),
      'PUT /api/admin/department-settings': () =>
        jsonResponse(200, {
          timeZone: 'America/New_York',
          timeZoneAbbreviation: 'EST',
          source: 'setting',
          defaultTimeZone: 'America/Chicago',
          updatedAt: '2026-11-25T21:00:00.000Z',
        }),
    });
    const card = await screen.findByRole('region', { name: 'Department time zone' });
    expect(
      await within(card).findByText(/the server's default \(America\/Chicago\); no zone saved yet/),
    ).toBeInTheDocument();

    const field = within(card).getByLabelText('Time zone');
    await user.clear(field);
    await user.type(field, 'New_York');
    await user.click(await screen.findByRole('option', { name: 'America/New_York', hidden: true }));
    await user.click(within(card).getByRole('button', { name: 'Save time zone' }));

    expect(await within(card).findByText(/saved by an administrator/)).toBeInTheDocument();
    expect(within(card).getByText('America/New_York')).toBeInTheDocument();
    const [saved] = api.requestsTo('PUT /api/admin/department-settings');
    expect(saved?.body).toEqual({ timeZone: 'America/New_York' });
  });

  it("shows the server's refusal as it words it", async () => {
    const { user } = renderWith(<DepartmentTimeZoneCard />, {
      'GET /api/department-settings': () => jsonResponse(200, defaultSettings),
      'PUT /api/admin/department-settings': () => jsonResponse(403, { error: 'Administrator access required' }),
    });
    const card = await screen.findByRole('region', { name: 'Department time zone' });
    await within(card).findByText(/no zone saved yet/);
    await user.click(within(card).getByRole('button', { name: 'Save time zone' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Administrator access required');
  });

  it("offers the server's default back only once a zone is saved, and clears the saved zone with it", async () => {
    const { api, user } = renderWith(<DepartmentTimeZoneCard />, {
      'GET /api/department-settings': () =>
        jsonResponse(200, {
          ...defaultSettings,
          timeZone: 'Europe/London',
          timeZoneAbbreviation: 'GMT',
          source: 'setting',
          updatedAt: '2026-11-25T21:00:00.000Z',
        }),
      'DELETE /api/admin/department-settings': () => jsonResponse(200, defaultSettings),
    });
    const card = await screen.findByRole('region', { name: 'Department time zone' });
    await within(card).findByText(/saved by an administrator/);
    await user.click(within(card).getByRole('button', { name: "Use the server's default (America/Chicago)" }));

    expect(await within(card).findByText(/no zone saved yet/)).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/admin/department-settings')).toHaveLength(1);
    expect(within(card).queryByRole('button', { name: /Use the server's default/ })).not.toBeInTheDocument();
  });
});
