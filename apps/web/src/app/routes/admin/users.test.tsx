import { emptySeatCounts, noFreeSeatMessage, type Station, type User } from '@stationbid/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MemberListCriteria, memberPagePath } from '../../../features/users/index.ts';
import { adminUser, buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const elena = buildUser({
  id: '11111111-1111-4111-8111-111111111111',
  _id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Elena',
  lastName: 'Ramirez',
  email: 'elena.ramirez@stationbid.example',
  employeeId: 'FD-0002',
  rank: 'Captain',
  position: 'Paramedic',
  yearsOfService: 19,
  seniorityScore: 494,
  bidPriority: 1,
  currentStation: {
    id: '99999999-9999-4999-8999-999999999999',
    _id: '99999999-9999-4999-8999-999999999999',
    name: 'Downtown',
    number: 1,
  },
  currentShift: 'A',
});
const walter = buildUser({
  id: '22222222-2222-4222-8222-222222222222',
  _id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Walter',
  lastName: 'Gray',
  email: 'walter.gray@stationbid.example',
  employeeId: 'FD-0040',
  isActive: false,
  status: 'inactive',
  bidPriority: null,
  currentShift: null,
});
const members = [adminUser, elena, walter];

// The first render of the whole page (shell, tabs, list) takes more than findBy's default second on
// a busy shared machine; what is waited for is the same, only the patience is longer.
configure({ asyncUtilTimeout: 5000 });

/** The User List's first page, as the list asks for it (name order, 50 a page). */
const DEFAULT_CRITERIA: MemberListCriteria = { search: '', filter: 'all', sortBy: 'name', sortDirection: 'asc' };
const pageKey = (criteria: Partial<MemberListCriteria> = {}, cursor: string | null = null) =>
  `GET /api${memberPagePath({ ...DEFAULT_CRITERIA, ...criteria }, cursor)}`;
const FIRST_PAGE = pageKey();
const page = (users: User[], nextCursor: string | null = null, total = users.length) =>
  jsonResponse(200, { users, total, nextCursor });

function buildStation(): Station {
  const id = '33333333-3333-4333-8333-333333333333';
  const perShift = <T,>(value: () => T) => ({ A: value(), B: value(), C: value() });
  const freeSeats = () => [{ _id: `${id}-captain`, position: 'Captain' as const, count: 0, total: 1, occupied: 1 }];
  return {
    id,
    _id: id,
    number: 3,
    name: 'Lakeside',
    location: null,
    address: '3 Shore Road',
    description: null,
    phoneNumber: null,
    email: null,
    isActive: true,
    preferredRanks: [],
    shiftCapacity: perShift(() => 1),
    capacity: perShift(() => 1),
    totalCapacity: 3,
    occupancy: perShift(() => 1),
    totalOccupancy: 3,
    currentAssignments: perShift(() => []),
    availablePositions: perShift(freeSeats),
    seats: emptySeatCounts(),
    fillRate: 100,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

function renderUsersPage(api: Record<string, MockHandler> = {}, path = '/admin/users') {
  return renderApp({
    path,
    signedInAs: adminUser,
    api: {
      'GET /api/admin/users': () => jsonResponse(200, { users: members, total: members.length, nextCursor: null }),
      [FIRST_PAGE]: () => page(members),
      ...api,
    },
  });
}

/**
 * Opens a member's actions menu, as a pointer or a finger does, and answers the menu. Mantine's
 * dropdowns stay mid-transition in jsdom, so they are found among hidden elements, as options are.
 */
async function openActions(user: ReturnType<typeof renderUsersPage>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu', { hidden: true });
}

async function chooseAction(user: ReturnType<typeof renderUsersPage>['user'], name: string, action: string) {
  const menu = await openActions(user, name);
  await user.click(within(menu).getByRole('menuitem', { name: action, hidden: true }));
}

async function openCreateForm(user: ReturnType<typeof renderUsersPage>['user']) {
  await screen.findByText('Elena Ramirez');
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  return screen.findByRole('dialog', { name: 'Create New User' });
}

async function fillRequiredFields(
  user: ReturnType<typeof renderUsersPage>['user'],
  dialog: HTMLElement,
  fields: { firstName: string; lastName: string; email: string; employeeId: string },
) {
  const form = within(dialog);
  await user.type(form.getByLabelText(/First name/), fields.firstName);
  await user.type(form.getByLabelText(/Last name/), fields.lastName);
  await user.type(form.getByLabelText(/^Email/), fields.email);
  await user.type(form.getByLabelText(/Employee ID/), fields.employeeId);
}

describe('UserManagementPage', () => {
  it('lists every member with their details and status, and offers no Delete on the signed-in row', async () => {
    renderUsersPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    const elenaRow = (await screen.findByText('Elena Ramirez')).closest('tr') as HTMLElement;
    expect(within(elenaRow).getByText('FD-0002')).toBeInTheDocument();
    expect(within(elenaRow).getByText('494')).toBeInTheDocument();
    expect(within(elenaRow).getByText('#1')).toBeInTheDocument();
    expect(within(elenaRow).getByText('Station 1 (Downtown) · Shift A')).toBeInTheDocument();
    expect(within(elenaRow).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3 users')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect((screen.getByText('Walter Gray').closest('tr') as HTMLElement).textContent).toContain('Inactive');
    // One page holds everyone: no page navigation.
    expect(screen.queryByRole('navigation', { name: 'User list pages' })).not.toBeInTheDocument();
  });

  it('groups each row’s actions in one labelled menu, with Delete apart at the bottom', async () => {
    const { user } = renderUsersPage();
    await screen.findByText('Elena Ramirez');

    const elenaMenu = await openActions(user, 'Elena Ramirez');
    const items = within(elenaMenu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      'View details',
      'Edit',
      'Assign station',
      'Edit seniority',
      'Set password',
      'Delete',
    ]);
    // Delete is set apart from Set password by a divider, and is the last item.
    const separator = within(elenaMenu).getByRole('separator', { hidden: true });
    expect(separator.compareDocumentPosition(items.at(-1) as HTMLElement)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(separator.compareDocumentPosition(items.at(-2) as HTMLElement)).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument());

    // The signed-in administrator cannot delete themselves; only a deactivated member can be reactivated.
    const ownMenu = await openActions(user, 'Dana Reyes');
    expect(within(ownMenu).getByRole('menuitem', { name: 'Edit', hidden: true })).toBeInTheDocument();
    expect(within(ownMenu).queryByRole('menuitem', { name: 'Delete', hidden: true })).not.toBeInTheDocument();
    expect(within(ownMenu).queryByRole('menuitem', { name: 'Reactivate', hidden: true })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument());
    const walterMenu = await openActions(user, 'Walter Gray');
    expect(within(walterMenu).getByRole('menuitem', { name: 'Reactivate', hidden: true })).toBeInTheDocument();
  });

  it('searches by name, e-mail or employee ID', async () => {
    const { user, api } = renderUsersPage({ [pageKey({ search: 'fd-0040' })]: () => page([walter]) });
    await screen.findByText('Elena Ramirez');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'fd-0040');

    // The server searches, once the typing has paused: one request, not one per letter.
    expect(await screen.findByText('Showing 1 of 1 user', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Walter Gray')).toBeInTheDocument();
    expect(screen.queryByText('Elena Ramirez')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.includes('search='))).toHaveLength(1);
  });

  it('shows the load failure with Try Again, which loads the list again', async () => {
    let calls = 0;
    const { user } = renderUsersPage({
      [FIRST_PAGE]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(403, { error: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' })
          : page(members);
      },
    });

    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Elena Ramirez')).toBeInTheDocument();
  });

  it('explains what is missing or wrong in the create form before anything is sent', async () => {
    const { user, api } = renderUsersPage();
    const dialog = await openCreateForm(user);
    const form = within(dialog);

    await user.click(form.getByRole('button', { name: 'Create User' }));

    expect(form.getByText('First name is required')).toBeInTheDocument();
    expect(form.getByText('Last name is required')).toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Employee ID is required')).toBeInTheDocument();
    expect(form.getByLabelText(/First name/)).toHaveFocus();

    await user.type(form.getByLabelText(/^Email/), 'not-an-email');
    const years = form.getByLabelText('Years of service');
    await user.clear(years);
    await user.type(years, '51');
    await user.type(form.getByLabelText('Password (optional)'), '12345');
    await user.click(form.getByRole('button', { name: 'Create User' }));

    expect(form.getByText('Invalid email address')).toBeInTheDocument();
    expect(form.getByText('Years cannot exceed 50')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/users')).toHaveLength(0);
  });

  it('creates a member without sending a blank password, and shows what the server says about the e-mail', async () => {
    const created = buildUser({ firstName: 'Nina', lastName: 'Brooks', status: 'pending' });
    const setupMessage = 'User created. The password-setup e-mail is queued in the outbox.';
    const { user, api } = renderUsersPage({
      'POST /api/admin/users': () =>
        jsonResponse(201, {
          user: created,
          message: setupMessage,
          emailSent: false,
          emailError: 'E-mail delivery is not configured yet.',
          passwordSetupRequired: true,
          emailQueued: true,
        }),
    });
    const dialog = await openCreateForm(user);

    await fillRequiredFields(user, dialog, {
      firstName: 'Nina',
      lastName: 'Brooks',
      email: 'Nina.Brooks@stationbid.example',
      employeeId: 'FD-0100',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    const result = await screen.findByRole('dialog', { name: 'User Created' });
    expect(within(result).getByText(setupMessage)).toBeInTheDocument();
    expect(within(result).getByText('E-mail delivery is not configured yet.')).toBeInTheDocument();
    const [request] = api.requestsTo('POST /api/admin/users');
    expect(request?.body).toMatchObject({
      firstName: 'Nina',
      lastName: 'Brooks',
      email: 'nina.brooks@stationbid.example',
      employeeId: 'FD-0100',
      rank: 'Firefighter',
      yearsOfService: 0,
      sendPasswordEmail: true,
      isActive: true,
    });
    expect(request?.body).not.toHaveProperty('password');
    // The list is read again to show the new member.
    await waitFor(() => expect(api.requestsTo(FIRST_PAGE).length).toBeGreaterThanOrEqual(2));

    await user.click(within(result).getByRole('button', { name: 'Set Password Now' }));
    expect(await screen.findByRole('dialog', { name: 'Update Password' })).toBeInTheDocument();
  });

  it('offers to reactivate a deactivated member who already holds the e-mail', async () => {
    const conflictMessage =
      'A deactivated user with this email already exists. Reactivate them instead of creating a new account.';
    const reactivated: User = { ...walter, isActive: true, status: 'active', bidPriority: 3 };
    const { user, api } = renderUsersPage({
      'POST /api/admin/users': () =>
        jsonResponse(409, {
          error: conflictMessage,
          code: 'CONFLICT',
          conflictType: 'inactive_user',
          conflictField: 'email',
          existingUser: walter,
        }),
      [`POST /api/admin/users/${walter.id}/reactivate`]: () => jsonResponse(200, { user: reactivated }),
    });
    const dialog = await openCreateForm(user);
    await fillRequiredFields(user, dialog, {
      firstName: 'Walter',
      lastName: 'Gray',
      email: 'walter.gray@stationbid.example',
      employeeId: 'FD-0099',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    const exists = await screen.findByRole('dialog', { name: 'User Already Exists' });
    expect(within(exists).getByText(conflictMessage)).toBeInTheDocument();
    expect(within(exists).getByText('FD-0040', { exact: false })).toBeInTheDocument();
    expect(within(exists).getByText('Inactive')).toBeInTheDocument();

    await user.click(within(exists).getByRole('button', { name: 'Reactivate User' }));

    expect(await screen.findByText('Walter Gray reactivated successfully')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/admin/users/${walter.id}/reactivate`)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'User Already Exists' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when an active member already holds the e-mail", async () => {
    const { user } = renderUsersPage({
      'POST /api/admin/users': () =>
        jsonResponse(409, {
          error: 'A user with this email already exists.',
          code: 'CONFLICT',
          conflictField: 'email',
        }),
    });
    const dialog = await openCreateForm(user);
    await fillRequiredFields(user, dialog, {
      firstName: 'Elena',
      lastName: 'Ramirez',
      email: 'elena.ramirez@stationbid.example',
      employeeId: 'FD-0101',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New User' })).toBeInTheDocument();
  });

  it('asks before deleting, and on a 404 says the member is gone and drops the row', async () => {
    let listCalls = 0;
    const { user, api } = renderUsersPage({
      [FIRST_PAGE]: () => {
        listCalls += 1;
        return page(listCalls === 1 ? members : [adminUser, walter]);
      },
      [`DELETE /api/admin/users/${elena.id}`]: () => jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }),
    });
    await screen.findByText('Elena Ramirez');

    await chooseAction(user, 'Elena Ramirez', 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Delete Elena Ramirez' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this user? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(api.requestsTo(`DELETE /api/admin/users/${elena.id}`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Delete User' }));

    expect(await screen.findByText('User not found. They may have already been deleted.')).toBeInTheDocument();
    expect(api.requestsTo(`DELETE /api/admin/users/${elena.id}`)).toHaveLength(1);
    expect(screen.queryByText('Elena Ramirez')).not.toBeInTheDocument();
  });

  it('words a refused delete by its status', async () => {
    const { user } = renderUsersPage({
      [`DELETE /api/admin/users/${elena.id}`]: () =>
        jsonResponse(403, { error: 'You cannot delete your own account.', code: 'FORBIDDEN' }),
    });
    await screen.findByText('Elena Ramirez');
    await chooseAction(user, 'Elena Ramirez', 'Delete');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete User' }));

    expect(await screen.findByText('You do not have permission to delete this user.')).toBeInTheDocument();
    // Her row stays (the name alone may also be in the closing dialog).
    expect(screen.getByRole('button', { name: 'Actions for Elena Ramirez' })).toBeInTheDocument();
  });

  it('checks the new password and its confirmation before setting it', async () => {
    const { user, api } = renderUsersPage({
      [`PUT /api/admin/users/${elena.id}/password`]: () =>
        jsonResponse(200, { message: 'Password updated successfully' }),
    });
    await screen.findByText('Elena Ramirez');
    await chooseAction(user, 'Elena Ramirez', 'Set password');
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Password' }));

    await user.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(dialog.getByText('Password is required')).toBeInTheDocument();
    expect(dialog.getByText('Please confirm the password')).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/New password/), 'engine-42');
    await user.type(dialog.getByLabelText(/Confirm password/), 'engine-43');
    await user.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(dialog.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.requestsTo(`PUT /api/admin/users/${elena.id}/password`)).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/Confirm password/));
    await user.type(dialog.getByLabelText(/Confirm password/), 'engine-42');
    await user.click(dialog.getByRole('checkbox', { name: /e-mail about the new password/ }));
    await user.click(dialog.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(api.requestsTo(`PUT /api/admin/users/${elena.id}/password`)[0]?.body).toEqual({
      newPassword: 'engine-42',
      sendEmail: true,
    });
  });

  it('opens on the Seniority Management tab at /admin/seniority, in bid order, with the live score in Edit Seniority', async () => {
    const { user, api } = renderUsersPage(
      {
        [`PUT /api/admin/users/${elena.id}`]: () =>
          jsonResponse(200, { user: { ...elena, manualSeniorityScore: 600 } }),
      },
      '/admin/seniority',
    );

    expect(await screen.findByRole('tab', { name: 'Seniority Management', selected: true })).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    // Header, then the active members by bid priority; Walter is inactive and not in the queue.
    expect(rows.map((row) => within(row).queryByText(/Ramirez|Reyes|Gray/)?.textContent ?? null)).toEqual([
      null,
      'Elena Ramirez',
      'Dana Reyes',
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit seniority of Elena Ramirez' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Seniority' }));
    expect(
      dialog.getByText('Automatic score: 19 years × 10 × 2 (Captain) × 1.3 (Paramedic) = 494'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Effective score: 494 (automatic)')).toBeInTheDocument();

    const years = dialog.getByLabelText('Years of service');
    await user.clear(years);
    await user.type(years, '20');
    expect(
      dialog.getByText('Automatic score: 20 years × 10 × 2 (Captain) × 1.3 (Paramedic) = 520'),
    ).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Manual seniority score/), '600');
    expect(dialog.getByText('Effective score: 600 (manual override)')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save Seniority' }));
    expect(await screen.findByText('Seniority of Elena Ramirez updated successfully')).toBeInTheDocument();
    expect(api.requestsTo(`PUT /api/admin/users/${elena.id}`)[0]?.body).toEqual({
      yearsOfService: 20,
      rank: 'Captain',
      position: 'Paramedic',
      manualSeniorityScore: 600,
    });
  });

  it('needs a station and a shift, and shows the server’s refusal when no seat is free', async () => {
    const station = buildStation();
    const refusal = noFreeSeatMessage('Captain', 'B', 3, 'Lakeside');
    const { user, api } = renderUsersPage({
      'GET /api/stations': () => jsonResponse(200, { stations: [station] }),
      [`PUT /api/admin/users/${walter.id}/station`]: () => jsonResponse(409, { error: refusal, code: 'CONFLICT' }),
    });
    await screen.findByText('Walter Gray');
    await chooseAction(user, 'Walter Gray', 'Assign station');
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Station' }));

    await user.click(await dialog.findByRole('button', { name: 'Assign Station' }));
    expect(dialog.getByText('Station is required')).toBeInTheDocument();
    expect(dialog.getByText('Shift is required')).toBeInTheDocument();

    // The list's own Station and Shift filters offer options too: these are the dialog's.
    const optionOf = async (field: HTMLElement, name: string) => {
      await user.click(field);
      const listbox = await waitFor(() => {
        const found = document.getElementById(field.getAttribute('aria-controls') ?? '');
        expect(found).not.toBeNull();
        return found as HTMLElement;
      });
      return within(listbox).findByRole('option', { name, hidden: true });
    };
    await user.click(await optionOf(dialog.getByLabelText(/^Station/), 'Station 3 · Lakeside'));
    await user.click(await optionOf(dialog.getByLabelText(/^Shift/), 'Shift B'));
    expect(dialog.getByText('Free seats on shift B: Captain 0 of 1')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Assign Station' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(api.requestsTo(`PUT /api/admin/users/${walter.id}/station`)[0]?.body).toEqual({
      stationId: station.id,
      shift: 'B',
      // Walter is an Engineer, so by default he takes an Engineer's seat.
      seatPosition: 'Engineer',
    });
  });
});

describe('UserManagementPage at department scale', () => {
  /** Rendering 50 rows takes longer than findBy's default second on a busy shared machine. */
  const SLOW_MACHINE = { timeout: 5000 };
  const department = Array.from({ length: 60 }, (_, index) => {
    const id = `44444444-4444-4444-8444-${String(index).padStart(12, '0')}`;
    return buildUser({
      id,
      _id: id,
      firstName: 'Member',
      lastName: String(index + 1).padStart(3, '0'),
      email: `member${index + 1}@stationbid.example`,
      employeeId: `FD-${String(index + 1).padStart(4, '0')}`,
    });
  });
  const firstPage = department.slice(0, 50);
  const secondPage = department.slice(50);

  beforeAll(() => {
    // Mantine's Select scrolls the chosen option into view, which jsdom does not implement.
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
  });

  it('pages 50 at a time with Previous and Next, saying which rows show of how many', async () => {
    const { user, api } = renderUsersPage({
      [FIRST_PAGE]: () => page(firstPage, 'cursor-2', 60),
      [pageKey({}, 'cursor-2')]: () => page(secondPage, null, 60),
    });
    expect(await screen.findByText('Member 001', {}, SLOW_MACHINE)).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of 60 users')).toBeInTheDocument();
    expect(screen.getByText('Member 050')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-rowcount', '61');
    const pages = screen.getByRole('navigation', { name: 'User list pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous Page' })).toBeDisabled();
    expect(api.requestsTo(pageKey({}, 'cursor-2'))).toHaveLength(0);

    // By keyboard, as by pointer.
    within(pages).getByRole('button', { name: 'Next Page' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Member 051', {}, SLOW_MACHINE)).toBeInTheDocument();
    expect(screen.getByText('Showing 51–60 of 60 users')).toBeInTheDocument();
    expect(screen.queryByText('Member 001')).not.toBeInTheDocument();
    expect(screen.getByText('Member 051').closest('tr')).toHaveAttribute('aria-rowindex', '52');
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next Page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous Page' }));
    expect(await screen.findByText('Showing 1–50 of 60 users', {}, SLOW_MACHINE)).toBeInTheDocument();
    expect(screen.getByText('Member 001')).toBeInTheDocument();
    expect(api.requestsTo(pageKey({}, 'cursor-2'))).toHaveLength(1);
  });

  it('asks the server for a rank, a station and a shift, and starts again at the first page', async () => {
    const station = { id: '55555555-5555-4555-8555-555555555555', number: 4, name: 'Harbor' };
    const { user, api } = renderUsersPage({
      'GET /api/stations': () => jsonResponse(200, { stations: [{ ...buildStation(), ...station, _id: station.id }] }),
      [FIRST_PAGE]: () => page(firstPage, 'cursor-2', 60),
      [pageKey({}, 'cursor-2')]: () => page(secondPage, null, 60),
      [pageKey({ rank: 'Captain' })]: () => page([elena]),
      [pageKey({ rank: 'Captain', stationId: station.id })]: () => page([elena]),
      [pageKey({ rank: 'Captain', stationId: station.id, shift: 'A' })]: () => page([elena]),
    });
    await screen.findByText('Member 001', {}, SLOW_MACHINE);
    await user.click(screen.getByRole('button', { name: 'Next Page' }));
    expect(await screen.findByText('Showing 51–60 of 60 users', {}, SLOW_MACHINE)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Rank' }));
    await user.click(await screen.findByRole('option', { name: 'Captain', hidden: true }));
    expect(await screen.findByText('Showing 1 of 1 user', {}, SLOW_MACHINE)).toBeInTheDocument();
    expect(screen.getByText('Elena Ramirez')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Station' }));
    await user.click(await screen.findByRole('option', { name: 'Station 4 (Harbor)', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Shift' }));
    await user.click(await screen.findByRole('option', { name: 'Shift A', hidden: true }));
    await waitFor(() =>
      expect(api.requestsTo(pageKey({ rank: 'Captain', stationId: station.id, shift: 'A' }))).toHaveLength(1),
    );
    expect(api.unhandled).toEqual([]);
  });

  it('asks the server for the chosen filter and order', async () => {
    const { user, api } = renderUsersPage({
      [pageKey({ filter: 'inactive' })]: () => page([walter]),
    });
    await screen.findByText('Elena Ramirez', {}, SLOW_MACHINE);
    await user.click(screen.getByRole('combobox', { name: 'Filter' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive', hidden: true }));
    expect(await screen.findByText('Showing 1 of 1 user', {}, SLOW_MACHINE)).toBeInTheDocument();
    expect(screen.queryByText('Elena Ramirez')).not.toBeInTheDocument();
    expect(api.requestsTo(pageKey({ filter: 'inactive' }))).toHaveLength(1);
  });
});
