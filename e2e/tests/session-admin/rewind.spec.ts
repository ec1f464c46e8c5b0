import { expect, test } from '@playwright/test';
import {
  callApi,
  createAndStartSession,
  createMember,
  endSession,
  type NewMember,
  placePhoneInBidForTurnHolder,
  signInAdminInNewContext,
  signInInNewContext,
  specFirefighters,
} from '../../fixtures/sessions.ts';

// Sessions named "E2E Rewind ..." and the members "Rewind ..." belong to this file: three
// firefighters of its own, most senior first, so no other spec moves their seats.
const PHONE_VIEWPORT = { width: 390, height: 844 };

test.describe('a rewind', () => {
  test('an administrator undoes a wrong phone-in bid from the member on, seeing who is affected first, and the member is told why', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const runId = Date.now().toString(36);
    const members = specFirefighters('Rewind', 'RW', runId, [28, 18, 8]);
    const [, blair, casey] = members as [NewMember, NewMember, NewMember];
    const name = (member: NewMember) => `${member.firstName} ${member.lastName}`;
    const adminPage = await signInAdminInNewContext(browser);
    for (const member of members) await createMember(adminPage, member);
    const sessionName = `E2E Rewind ${runId}`;
    const sessionId = await createAndStartSession(adminPage, {
      name: sessionName,
      year: 2026,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      participantEmails: members.map((member) => member.email),
    });
    const blairPage = await signInInNewContext(browser, blair.email, blair.password, PHONE_VIEWPORT);
    try {
      // Avery's phone-in bid is right; Blair's goes to the wrong seat; Casey's turn is running.
      await placePhoneInBidForTurnHolder(adminPage, sessionId);
      const wrong = await placePhoneInBidForTurnHolder(adminPage, sessionId);
      expect(wrong.holder.firstName).toBe('Blair');

      await adminPage.goto('/admin/bid-sessions');
      const card = adminPage.getByRole('article', { name: sessionName });
      await card.getByRole('button', { name: `View details of ${sessionName}` }).click();
      const details = adminPage.getByRole('dialog', { name: sessionName });
      await details.getByRole('button', { name: `Rewind to ${name(blair)}'s turn` }).click();

      const rewind = adminPage.getByRole('dialog', { name: `Rewind to ${name(blair)}'s turn` });
      await expect(rewind).toContainText(`Bidding resumes with ${name(blair)}`);
      const affected = rewind.getByRole('list', { name: 'Affected members' });
      await expect(affected.getByRole('listitem')).toHaveCount(2);
      await expect(affected.getByRole('listitem').nth(0)).toContainText(name(blair));
      await expect(affected.getByRole('listitem').nth(0)).toContainText(`Station ${wrong.station.number}`);
      await expect(affected.getByRole('listitem').nth(1)).toContainText(name(casey));
      await rewind
        .getByRole('textbox', { name: 'Reason (everyone affected reads it)' })
        .fill('The phone-in bid went to the wrong shift');
      await rewind.getByRole('button', { name: `Rewind to ${name(blair)}'s turn` }).click();
      await expect(adminPage.getByText('Bid rewound: 2 turns undone, everyone affected told')).toBeVisible();

      // Blair's phone: told why, and it is Blair's turn again.
      await blairPage.goto('/dashboard');
      const notifications = blairPage.getByRole('region', { name: 'Notifications' });
      await expect(notifications.getByRole('button', { name: 'Bid rewound Unread' })).toBeVisible();
      await expect(notifications).toContainText('The phone-in bid went to the wrong shift');
      await blairPage.goto('/bidding');
      await expect(
        blairPage.getByRole('region', { name: 'On the clock' }).getByRole('heading', { name: "You're on the clock" }),
      ).toBeVisible();

      // The history keeps the undone award, marked.
      const { history } = await callApi<{ history: { action: string; userName: string | null; undone?: boolean }[] }>(
        adminPage,
        'GET',
        `/bid-sessions/history?sessionId=${sessionId}`,
      );
      expect(history.filter((entry) => entry.undone).map((entry) => [entry.action, entry.userName])).toEqual([
        ['bid_submitted', name(blair)],
      ]);
    } finally {
      await endSession(adminPage, sessionId).catch(() => undefined);
      await blairPage.context().close();
      await adminPage.context().close();
    }
  });
});
