import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { buildUser } from '../../../../test/fixtures.ts';
import { MemberActions } from './member-actions.tsx';

const grace = buildUser({ firstName: 'Grace', lastName: 'Hopper' });

function renderActions(overrides: { isActive?: boolean; isSignedInUser?: boolean } = {}) {
  const onAction = vi.fn();
  const user = userEvent.setup();
  const member = { ...grace, isActive: overrides.isActive ?? true };
  render(
    <AppProviders>
      <MemberActions
        user={member}
        size="md"
        isSignedInUser={overrides.isSignedInUser ?? false}
        isReactivating={false}
        onAction={onAction}
      />
    </AppProviders>,
  );
  return { user, onAction, member };
}

/** Mantine's dropdowns stay mid-transition in jsdom, so the menu counts as hidden. */
async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
  return within(await screen.findByRole('menu', { hidden: true }));
}

describe('MemberActions', () => {
  it('offers the actions in one menu named for the member, Delete last and set apart', async () => {
    const { user, onAction, member } = renderActions();
    const menu = await openMenu(user);
    const items = menu.getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      'View details',
      'Edit',
      'Assign station',
      'Edit seniority',
      'Set password',
      'Delete',
    ]);
    const divider = menu.getByRole('separator', { hidden: true });
    expect(divider.compareDocumentPosition(items[5] as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(items[4] as HTMLElement) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();

    // Delete only asks for the confirmation dialog; the menu never deletes by itself.
    await user.click(menu.getByRole('menuitem', { name: 'Delete', hidden: true }));
    expect(onAction).toHaveBeenCalledWith('delete', member);
  });

  it('opens by keyboard, and offers Reactivate to a deactivated member only', async () => {
    const { user, onAction, member } = renderActions({ isActive: false });
    screen.getByRole('button', { name: 'Actions for Grace Hopper' }).focus();
    await user.keyboard('{Enter}');
    const menu = within(await screen.findByRole('menu', { hidden: true }));
    await user.click(menu.getByRole('menuitem', { name: 'Reactivate', hidden: true }));
    expect(onAction).toHaveBeenCalledWith('reactivate', member);
  });

  it('has no Delete, nor its divider, on the signed-in administrator’s own row', async () => {
    const { user } = renderActions({ isSignedInUser: true });
    const menu = await openMenu(user);
    expect(menu.queryByRole('menuitem', { name: 'Delete', hidden: true })).not.toBeInTheDocument();
    expect(menu.queryByRole('separator', { hidden: true })).not.toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: 'Reactivate', hidden: true })).not.toBeInTheDocument();
  });
});
