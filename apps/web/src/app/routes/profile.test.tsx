import {
  NOTIFICATION_SETTINGS_MESSAGES,
  normalizePhoneNumber,
  PROFILE_MESSAGES,
  tooManyCurrentPasswordAttemptsMessage,
  type User,
} from '@stationbid/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUser, buildUser } from '../../test/fixtures.ts';
import { jsonResponse, type MockHandler, type MockRequest } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { COLOR_SCHEME_STORAGE_KEY } from '../providers.tsx';

const member = buildUser({
  phone: '555-0142',
  address: '12 Hose Lane, Riverton',
  currentStation: { _id: 'station-3', id: 'station-3', name: 'Lakeside', number: 3 },
  currentShift: 'B',
  emergencyContact: { name: 'Sam Morgan', phone: '555-0199', relationship: 'Spouse' },
  lastLoginAt: '2025-06-01T08:30:00.000Z',
});

/** Answers the PUT with the member as the server would store them: the sent fields applied, the phone in E.164. */
function savesProfile(user: User): MockHandler {
  return (request: MockRequest) => {
    const body = request.body as Partial<User>;
    const phone = typeof body.phone === 'string' ? { phone: normalizePhoneNumber(body.phone) ?? body.phone } : {};
    return jsonResponse(200, {
      user: { ...user, ...body, ...phone, emergencyContact: { ...user.emergencyContact, ...body.emergencyContact } },
      message: PROFILE_MESSAGES.profileUpdated,
    });
  };
}

function renderProfile({ user = member, api = {} }: { user?: User; api?: Record<string, MockHandler> } = {}) {
  return renderApp({
    path: '/profile',
    signedInAs: user,
    api: {
      'GET /api/users/profile': () => jsonResponse(200, { user }),
      // The page's bid activity section: a member who has not bid yet.
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [] }),
      'GET /api/users/bid-status': () =>
        jsonResponse(200, { position: null, isUserTurn: false, timeRemaining: 0, session: null }),
      // The page's calendar feed section: no feed yet.
      'GET /api/users/calendar-token': () =>
        jsonResponse(200, { hasFeed: false, createdAt: null, rotationSet: true, shift: 'B' }),
      ...api,
    },
  });
}

async function findProfileForm() {
  const firstName = await screen.findByLabelText(/^First Name/);
  return {
    firstName,
    lastName: screen.getByLabelText(/^Last Name/),
    email: screen.getByLabelText(/^Email/),
    phone: screen.getByLabelText('Phone'),
    address: screen.getByLabelText('Address'),
    contactName: screen.getByLabelText('Contact Name'),
    contactPhone: screen.getByLabelText('Contact Phone'),
    relationship: screen.getByLabelText('Relationship'),
    save: screen.getByRole('button', { name: 'Save' }),
    cancel: screen.getByRole('button', { name: 'Cancel' }),
  };
}

describe('ProfilePage', () => {
  beforeAll(() => {
    // Mantine's Select scrolls the active option into view, which jsdom does not implement.
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it("fills the form with the member's saved values and shows the summary and account status", async () => {
    renderProfile();
    const form = await findProfileForm();

    expect(form.firstName).toHaveValue('Alex');
    expect(form.lastName).toHaveValue('Morgan');
    expect(form.email).toHaveValue('alex.morgan@stationbid.example');
    expect(form.phone).toHaveValue('555-0142');
    expect(form.address).toHaveValue('12 Hose Lane, Riverton');
    expect(form.contactName).toHaveValue('Sam Morgan');
    expect(form.contactPhone).toHaveValue('555-0199');
    expect(form.relationship).toHaveValue('Spouse');
    expect(screen.getByLabelText('Current Station')).toHaveValue('Station 3 · Lakeside');
    expect(screen.getByLabelText('Current Shift')).toHaveValue('Shift B');
    expect(screen.getByLabelText('Seniority Score')).toHaveValue('115');
    expect(screen.getByLabelText('Bid Priority')).toHaveValue('#3');

    const summary = screen.getByRole('region', { name: 'Profile Summary' });
    expect(within(summary).getByText('Alex Morgan')).toBeInTheDocument();
    expect(within(summary).getByText('Engineer · Driver')).toBeInTheDocument();
    expect(within(summary).getByText('Mid-level (8 years)')).toBeInTheDocument();
    expect(within(summary).getByText('Station 3 · Lakeside, Shift B')).toBeInTheDocument();
    expect(within(summary).getByText('Member Since').nextElementSibling).toHaveTextContent(/2025/);

    const status = screen.getByRole('region', { name: 'Account Status' });
    expect(within(status).getByText('Active')).toBeInTheDocument();
    expect(within(status).getByText('Member')).toBeInTheDocument();
    expect(within(status).getByText('Last Sign-in').nextElementSibling).toHaveTextContent(/2025/);
    // Nothing to save yet.
    expect(form.save).toBeDisabled();
    expect(form.cancel).toBeDisabled();
  });

  it('shows rank, position, years and employee ID read-only to a member, with the reason', async () => {
    renderProfile();
    await findProfileForm();
    const professional = screen.getByRole('region', { name: 'Professional Information' });

    expect(
      within(professional).getByText('Only an administrator can change these, because they decide bid priority.'),
    ).toBeInTheDocument();
    for (const [label, value] of [
      ['Rank', 'Engineer'],
      ['Position', 'Driver'],
      ['Years of Service', '8'],
      ['Employee ID', 'E-1001'],
    ]) {
      const field = within(professional).getByLabelText(label as string);
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }
    expect(within(professional).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('explains what is wrong before anything is sent', async () => {
    const { user, api } = renderProfile();
    const form = await findProfileForm();

    await user.clear(form.firstName);
    await user.clear(form.email);
    await user.type(form.email, 'not-an-email');
    await user.click(form.save);

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(form.firstName).toHaveFocus();
    expect(api.requestsTo('PUT /api/users/profile')).toHaveLength(0);

    await user.clear(form.lastName);
    await user.clear(form.email);
    await user.click(form.save);
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it("sends only the member's own fields, says so and updates the welcome line", async () => {
    const { user, api } = renderProfile({ api: { 'PUT /api/users/profile': savesProfile(member) } });
    const form = await findProfileForm();

    await user.clear(form.firstName);
    await user.type(form.firstName, 'Alexis');
    await user.clear(form.phone);
    await user.type(form.phone, ' 555-201-0177 ');
    await user.clear(form.address);
    await user.clear(form.relationship);
    await user.type(form.relationship, 'Partner');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(form.save);

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const [request] = api.requestsTo('PUT /api/users/profile');
    // No rank, position, years or employee ID: the server refuses those from a member.
    expect(request?.body).toEqual({
      firstName: 'Alexis',
      lastName: 'Morgan',
      email: 'alex.morgan@stationbid.example',
      phone: '555-201-0177',
      address: null,
      emergencyContact: { name: 'Sam Morgan', phone: '555-0199', relationship: 'Partner' },
    });
    expect(within(screen.getByRole('banner')).getByText('Welcome, Alexis Morgan')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Profile Summary' })).getByText('Alexis Morgan'),
    ).toBeInTheDocument();
    // The saved values are the new starting point; the stored number shown as people write it.
    expect(form.phone).toHaveValue('(555) 201-0177');
    expect(form.save).toBeDisabled();
    expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();
  });

  it('Cancel puts back the saved values', async () => {
    const { user, api } = renderProfile();
    const form = await findProfileForm();

    await user.clear(form.lastName);
    await user.type(form.lastName, 'Someone');
    await user.type(form.contactName, ' Jr');
    expect(form.save).toBeEnabled();
    await user.click(form.cancel);

    expect(form.lastName).toHaveValue('Morgan');
    expect(form.contactName).toHaveValue('Sam Morgan');
    expect(form.save).toBeDisabled();
    expect(api.requestsTo('PUT /api/users/profile')).toHaveLength(0);
  });

  it("shows the server's reason when the e-mail belongs to someone else, and keeps the edits", async () => {
    const { user } = renderProfile({
      api: {
        'PUT /api/users/profile': () => jsonResponse(409, { error: PROFILE_MESSAGES.emailTaken, code: 'CONFLICT' }),
      },
    });
    const form = await findProfileForm();

    await user.clear(form.email);
    await user.type(form.email, 'elena.ramirez@stationbid.example');
    await user.type(screen.getByLabelText(/^Current Password/), 'my-current-password');
    await user.click(form.save);

    // Once in the toast, once under the field it concerns.
    expect(await screen.findAllByText('A user with this email already exists.')).toHaveLength(2);
    expect(form.email).toHaveAttribute('aria-invalid', 'true');
    expect(form.email).toHaveValue('elena.ramirez@stationbid.example');
    expect(screen.queryByText('Profile updated successfully')).not.toBeInTheDocument();
  });

  it('asks for the current password only when the e-mail changes, and sends it only then (issue 13, finding 4)', async () => {
    const { user, api } = renderProfile({
      api: {
        'PUT /api/users/profile': (request) =>
          (request.body as { currentPassword?: string }).currentPassword === 'right-password-1'
            ? savesProfile(member)(request)
            : jsonResponse(400, {
                error: PROFILE_MESSAGES.currentPasswordIncorrect,
                code: 'CURRENT_PASSWORD_INCORRECT',
              }),
      },
    });
    const form = await findProfileForm();
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();

    await user.clear(form.email);
    await user.type(form.email, 'alex.new@stationbid.example');
    const currentPassword = screen.getByLabelText(/^Current Password/);
    await user.click(form.save);
    expect(await screen.findByText(PROFILE_MESSAGES.currentPasswordRequiredForEmail)).toBeInTheDocument();
    expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('PUT /api/users/profile')).toHaveLength(0);

    await user.type(currentPassword, 'wrong-password-1');
    await user.click(form.save);
    expect(await screen.findAllByText(PROFILE_MESSAGES.currentPasswordIncorrect)).not.toHaveLength(0);
    expect(currentPassword).toHaveAttribute('aria-invalid', 'true');

    await user.clear(currentPassword);
    await user.type(currentPassword, 'right-password-1');
    await user.click(form.save);
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/users/profile').at(-1)?.body).toMatchObject({
      email: 'alex.new@stationbid.example',
      currentPassword: 'right-password-1',
    });
    // Saved: the field goes away with the change it was asked for.
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();
  });

  it('falls back to "Failed to update profile" when the server gives no reason', async () => {
    const { user } = renderProfile({ api: { 'PUT /api/users/profile': () => new Response(null, { status: 500 }) } });
    const form = await findProfileForm();

    await user.type(form.address, ' 1');
    await user.click(form.save);

    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('keeps one phone: a new one must take a text, an old one left alone is not sent back', async () => {
    const { user, api } = renderProfile({ api: { 'PUT /api/users/profile': savesProfile(member) } });
    const form = await findProfileForm();
    // The number on file predates the check and cannot take a text: the field says so.
    expect(form.phone).toHaveValue('555-0142');
    expect(form.phone).toHaveAccessibleDescription('This number cannot receive texts. Enter it with its area code.');
    expect(form.phone).toHaveAttribute('placeholder', '(555) 201-4477');

    await user.type(form.address, ', Unit 2');
    await user.click(form.save);
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/users/profile')[0]?.body).not.toHaveProperty('phone');

    await user.clear(form.phone);
    await user.type(form.phone, '555-0143');
    await user.click(form.save);
    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(form.phone).toHaveFocus();
    expect(api.requestsTo('PUT /api/users/profile')).toHaveLength(1);
  });

  it('lets an administrator change their own rank and years of service', async () => {
    const admin = buildUser({ ...adminUser, yearsOfService: 12 });
    const { user, api } = renderProfile({ user: admin, api: { 'PUT /api/users/profile': savesProfile(admin) } });
    await findProfileForm();
    const professional = screen.getByRole('region', { name: 'Professional Information' });
    expect(
      within(professional).getByText('Rank, position, years of service and employee ID decide bid priority.'),
    ).toBeInTheDocument();

    await user.click(within(professional).getByRole('combobox', { name: 'Rank' }));
    // jsdom never finishes the dropdown's opening transition, so the list stays display:none here.
    await user.click(await screen.findByRole('option', { name: 'Battalion Chief', hidden: true }));
    const years = within(professional).getByLabelText('Years of Service');
    await user.clear(years);
    await user.type(years, '13');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/users/profile')[0]?.body).toMatchObject({
      rank: 'Battalion Chief',
      position: 'Driver',
      yearsOfService: 13,
      employeeId: 'E-1001',
    });
  });

  it('shows an error with Try Again when the profile cannot be loaded', async () => {
    let attempts = 0;
    const { user } = renderProfile({
      api: {
        'GET /api/users/profile': () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse(404, { error: 'User not found', code: 'NOT_FOUND' })
            : jsonResponse(200, { user: member });
        },
      },
    });

    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect((await findProfileForm()).firstName).toHaveValue('Alex');
  });
});

describe('ProfilePage password change', () => {
  async function openPasswordForm(user: ReturnType<typeof renderProfile>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    return {
      current: screen.getByLabelText(/^Current Password/),
      next: screen.getByLabelText(/^New Password/),
      confirm: screen.getByLabelText(/^Confirm New Password/),
      submit: screen.getByRole('button', { name: 'Update Password' }),
    };
  }

  it('is shown behind the Change Password button and checks the rules before sending', async () => {
    const { user, api } = renderProfile();
    expect(await screen.findByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();

    const form = await openPasswordForm(user);
    expect(form.current).toHaveFocus();
    await user.click(form.submit);

    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(form.current, 'old-password');
    await user.type(form.next, 'short');
    await user.type(form.confirm, 'different');
    await user.click(form.submit);

    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(form.confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(api.requestsTo('PUT /api/users/change-password')).toHaveLength(0);
  });

  it('sends the current and new password, says so, then clears and closes the form', async () => {
    const { user, api } = renderProfile({
      api: {
        'PUT /api/users/change-password': () => jsonResponse(200, { message: PROFILE_MESSAGES.passwordChanged }),
      },
    });
    const form = await openPasswordForm(user);

    await user.type(form.current, 'old-password');
    await user.type(form.next, 'a-new-password');
    await user.type(form.confirm, 'a-new-password');
    await user.click(form.submit);

    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/users/change-password')[0]?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'a-new-password',
    });
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toHaveFocus();

    // Opened again, it starts empty.
    const reopened = await openPasswordForm(user);
    expect(reopened.current).toHaveValue('');
    expect(reopened.next).toHaveValue('');
  });

  it('marks the current password when the server says it is wrong', async () => {
    const { user } = renderProfile({
      api: {
        'PUT /api/users/change-password': () =>
          jsonResponse(400, { error: PROFILE_MESSAGES.currentPasswordIncorrect, code: 'CURRENT_PASSWORD_INCORRECT' }),
      },
    });
    const form = await openPasswordForm(user);

    await user.type(form.current, 'not-my-password');
    await user.type(form.next, 'a-new-password');
    await user.type(form.confirm, 'a-new-password');
    await user.click(form.submit);

    expect(await screen.findAllByText('Current password is incorrect')).toHaveLength(2);
    expect(form.current).toHaveAttribute('aria-invalid', 'true');
    expect(form.current).toHaveFocus();
    expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
  });

  it('shows the wait when the current password was wrong too often, and keeps the form', async () => {
    const { user } = renderProfile({
      api: {
        'PUT /api/users/change-password': () =>
          jsonResponse(429, {
            error: tooManyCurrentPasswordAttemptsMessage(30),
            code: 'TOO_MANY_ATTEMPTS',
            retryAfterSeconds: 30,
          }),
      },
    });
    const form = await openPasswordForm(user);

    await user.type(form.current, 'another-guess');
    await user.type(form.next, 'a-new-password');
    await user.type(form.confirm, 'a-new-password');
    await user.click(form.submit);

    expect(
      await screen.findByText(
        'Too many wrong current passwords. Try again in 30 seconds, or reset your password from the sign-in page.',
      ),
    ).toBeInTheDocument();
    expect(form.current).toHaveValue('another-guess');
    expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
  });

  it('falls back to "Failed to change password" when the server gives no reason', async () => {
    const { user } = renderProfile({
      api: { 'PUT /api/users/change-password': () => new Response(null, { status: 500 }) },
    });
    const form = await openPasswordForm(user);

    await user.type(form.current, 'old-password');
    await user.type(form.next, 'a-new-password');
    await user.type(form.confirm, 'a-new-password');
    await user.click(form.submit);

    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    // The form stays open with what was typed, to try again.
    expect(form.current).toHaveValue('old-password');
  });
});

describe('ProfilePage appearance', () => {
  it('follows the system by default, and keeps a chosen scheme on this device', async () => {
    const { user } = renderProfile();
    const appearance = await screen.findByRole('region', { name: 'Appearance' });
    const scheme = within(appearance).getByRole('radiogroup', { name: 'Color scheme' });
    expect(within(scheme).getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(within(scheme).getByRole('radio', { name: 'Dark' }));
    expect(within(scheme).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');

    await user.click(within(scheme).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    await user.click(within(scheme).getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('auto');
  });
});
