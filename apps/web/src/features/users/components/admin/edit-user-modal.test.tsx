import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { ACCESS_TOKEN, buildUser, REFRESH_TOKEN } from '../../../../test/fixtures.ts';
import { departmentSettingsApi, jsonResponse, mockApi } from '../../../../test/mock-api.ts';
import { EditUserModal } from './edit-user-modal.tsx';

describe("EditUserModal: a member's seniority keys and certifications", () => {
  it('shows the dates, list number and certifications held, and sends the changes', async () => {
    localStorage.setItem('token', ACCESS_TOKEN);
    localStorage.setItem('refreshToken', REFRESH_TOKEN);
    const member = buildUser({
      id: 'member-9',
      _id: 'member-9',
      hireDate: '2008-09-15',
      rankDate: '2014-03-02',
      listNumber: 12,
      certifications: [{ code: 'PM', expiresOn: '2027-06-30' }],
    });
    const api = mockApi({
      ...departmentSettingsApi('America/Chicago'),
      'GET /api/admin/certifications': () =>
        jsonResponse(200, {
          certifications: [
            { id: 'c1', code: 'DO', name: 'Driver/Operator', holders: 0 },
            { id: 'c2', code: 'PM', name: 'Paramedic', holders: 1 },
          ],
        }),
      'PUT /api/admin/users/member-9': () => jsonResponse(200, { user: member }),
    });
    const user = userEvent.setup();
    render(
      <AppProviders>
        <EditUserModal user={member} isSignedInUser={false} onClose={() => undefined} />
      </AppProviders>,
    );

    expect(await screen.findByLabelText('Hire date')).toHaveValue('2008-09-15');
    expect(screen.getByLabelText('Date in rank')).toHaveValue('2014-03-02');
    expect(screen.getByLabelText('List number')).toHaveValue('12');
    const certifications = screen.getByRole('group', { name: 'Certifications' });
    expect(within(certifications).getByLabelText('Expires on (certification 1)')).toHaveValue('2027-06-30');

    fireEvent.change(screen.getByLabelText('Date in rank'), { target: { value: '' } });
    await user.click(within(certifications).getByRole('button', { name: 'Remove certification 1 (PM)' }));
    expect(within(certifications).getByText('None recorded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const [sent] = api.requestsTo('PUT /api/admin/users/member-9');
    expect(sent?.body).toMatchObject({ hireDate: '2008-09-15', rankDate: null, listNumber: 12, certifications: [] });
  });
});
