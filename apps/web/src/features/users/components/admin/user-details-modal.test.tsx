import { UNLOCK_MESSAGES } from '@stationbid/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { ACCESS_TOKEN, buildUser, REFRESH_TOKEN } from '../../../../test/fixtures.ts';
import { jsonResponse, mockApi } from '../../../../test/mock-api.ts';
import { UserDetailsModal } from './user-details-modal.tsx';

describe('UserDetailsModal: Unlock sign-in (issue 13, finding 5)', () => {
  it('asks for confirmation, then unlocks the member and says so', async () => {
    localStorage.setItem('token', ACCESS_TOKEN);
    localStorage.setItem('refreshToken', REFRESH_TOKEN);
    const member = buildUser({ id: 'member-7', _id: 'member-7' });
    const api = mockApi({
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
});
