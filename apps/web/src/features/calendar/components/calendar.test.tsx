import { CALENDAR_MESSAGES } from '@stationbid/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { RotationSettingsCard } from './rotation-settings-card.tsx';

const FEED_URL = 'https://bid.example-fd.org/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

function renderWith(element: React.ReactNode, handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const user = userEvent.setup();
  render(<AppProviders>{element}</AppProviders>);
  return { api, user };
}

describe('CalendarFeedSection', () => {
  it('makes the feed, shows its link once to copy, and resets or turns it off', async () => {
    let hasFeed = false;
    const { api, user } = renderWith(<CalendarFeedSection />, {
      'GET /api/users/calendar-token': () =>
        jsonResponse(200, {
          hasFeed,
          createdAt: hasFeed ? '2026-03-10T15:00:00.000Z' : null,
          rotationSet: true,
          shift: 'B',
        }),
      'POST /api/users/calendar-token': () => {
        hasFeed = true;
        return jsonResponse(200, { url: FEED_URL, createdAt: '2026-03-10T15:00:00.000Z' });
      },
      'DELETE /api/users/calendar-token': () => {
        hasFeed = false;
        return jsonResponse(200, { message: CALENDAR_MESSAGES.feedStopped });
      },
    });

    const section = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(await within(section).findByText(/your shift B days for the year/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Create calendar feed' }));
    expect(await within(section).findByRole('textbox', { name: 'Feed link' })).toHaveValue(FEED_URL);
    expect(within(section).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(await within(section).findByRole('button', { name: 'Reset link' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Reset link' }));
    expect(api.requestsTo('POST /api/users/calendar-token')).toHaveLength(2);

    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await within(section).findByRole('button', { name: 'Create calendar feed' })).toBeInTheDocument();
    expect(within(section).queryByRole('textbox', { name: 'Feed link' })).not.toBeInTheDocument();
  });

  it('says why the feed has no shift days when the rotation is not set', async () => {
    renderWith(<CalendarFeedSection />, {
      'GET /api/users/calendar-token': () =>
        jsonResponse(200, { hasFeed: true, createdAt: '2026-03-10T15:00:00.000Z', rotationSet: false, shift: 'A' }),
    });
    expect(await screen.findByText(/has not set its shift rotation yet/)).toBeInTheDocument();
    expect(screen.getByText(/Your feed is on/)).toBeInTheDocument();
  });
});

describe('RotationSettingsCard', () => {
  it('checks the fields, then saves the rotation', async () => {
    const saved: MockRequest[] = [];
    const { user } = renderWith(<RotationSettingsCard />, {
      'GET /api/admin/rotation': () => jsonResponse(200, { rotation: null, timeZone: 'America/Chicago' }),
      'PUT /api/admin/rotation': (request) => {
        saved.push(request);
        return jsonResponse(200, { rotation: request.body, timeZone: 'America/Chicago' });
      },
    });

    const form = await screen.findByRole('form', { name: 'Shift rotation' });
    expect(within(form).getByText('Not set yet')).toBeInTheDocument();
    expect(within(form).getByText(/America\/Chicago/)).toBeInTheDocument();
    const pattern = within(form).getByRole('textbox', { name: /Rotation pattern/ });
    await user.clear(pattern);
    await user.type(pattern, 'ABD');
    await user.click(within(form).getByRole('button', { name: 'Save rotation' }));
    expect(await within(form).findByText(CALENDAR_MESSAGES.patternInvalid)).toBeInTheDocument();
    expect(within(form).getByText(CALENDAR_MESSAGES.anchorDateInvalid)).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.clear(pattern);
    await user.type(pattern, 'abc');
    await user.type(within(form).getByLabelText(/Cycle start date/), '2026-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save rotation' }));
    expect(await screen.findByText(CALENDAR_MESSAGES.rotationSaved)).toBeInTheDocument();
    expect(saved.map((request) => request.body)).toEqual([
      { pattern: 'ABC', anchorDate: '2026-01-01', shiftStartTime: '07:00' },
    ]);
  });
});
