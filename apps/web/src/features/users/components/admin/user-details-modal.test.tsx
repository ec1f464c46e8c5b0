import { UNLOCK_MESSAGES } from '@stationbid/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { ACCESS_TOKEN, buildUser, REFRESH_TOKEN } from '../../../../test/fixtures.ts';
import { departmentSettingsApi, jsonResponse, mockApi } from '../../../../test/mock-api.ts';
import { UserDetailsModal } from './user-details-modal.tsx';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('UserDetailsModal: Unlock sign-in', () => {
  it('asks for confirmation, then unlocks the member and says so', async () => {
    localStorage.setItem('token', ACCESS_TOKEN);
    localStorage.setItem('refreshToken', REFRESH_TOKEN);
    const member = buildUser({ id: 'member-7', _id: 'member-7' });
    const api = mockApi({
      ...departmentSettingsApi('America/Chicago'),
      'POST /api/admin/users/member-7/unlock': () => jsonResponse(200, { message: UNLOCK_MESSAGES.unlocked }),
    });
    const user = userEvent.setup();
    render(
      <AppProviders>
        <UserDetailsModal user={member} onClose={() => undefined} />
      </AppProviders>,
    );

    await user.click(await screen.findByRole('button', { name: 'Unlock sign-in' }));
    expect(screen.getByText(UNLOCK_MESSAGES.confirm)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/users/member-7/unlock')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Keep as is' }));
    expect(api.requestsTo('POST /api/admin/users/member-7/unlock')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unlock sign-in' }));
    await user.click(screen.getByRole('button', { name: 'Confirm unlock' }));
    expect(await screen.findByText(UNLOCK_MESSAGES.unlocked)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/users/member-7/unlock')).toHaveLength(1);
    expect(api.unhandled).toEqual([]);
  });

  it("dates the account's sign-in and creation on the department's clock, not the viewer's", async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    localStorage.setItem('token', ACCESS_TOKEN);
    localStorage.setItem('refreshToken', REFRESH_TOKEN);
    const member = buildUser({ lastLoginAt: '2026-03-08T14:30:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' });
    mockApi(departmentSettingsApi('America/Chicago'));
    render(
      <AppProviders>
        <UserDetailsModal user={member} onClose={() => undefined} />
      </AppProviders>,
    );

    // 9:30 AM in Chicago on the day its clocks went forward; New Year's Eve there, 9:00 AM New Year's Day in Tokyo.
    expect(await screen.findByText('Mar 8, 2026, 9:30 AM CDT')).toBeInTheDocument();
    expect(screen.getByText('Last login').nextElementSibling).toHaveTextContent('Mar 8, 2026, 9:30 AM CDT');
    expect(screen.getByText('Created').nextElementSibling).toHaveTextContent('Dec 31, 2024, 6:00 PM CST');
  });
});
