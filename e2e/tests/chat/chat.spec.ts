import { expect, type Page, test } from '@playwright/test';
import {
  callApi,
  createAndStartSession,
  endSession,
  signInAdminInNewContext,
  signInInNewContext,
} from '../../fixtures/sessions.ts';

// Sessions named "E2E Chat ..." belong to this file, and so do its two members: no other spec signs
// in as them or puts them in a session.
const SESSION_NAME = 'E2E Chat Session';
const MEMBER = { email: 'isabel.duarte@stationbid.example', password: 'stationbid-member', name: 'Isabel Duarte' };
const OTHER_MEMBER_EMAIL = 'lucas.moreau@stationbid.example';

interface ChatMessageBody {
  id: string;
  message: string;
  user: { firstName: string; lastName: string; isAdmin: boolean };
}

/** As the administrator: creates and starts a session of the two members; answers its id. */
function startChatSession(adminPage: Page): Promise<string> {
  return createAndStartSession(adminPage, {
    name: SESSION_NAME,
    description: 'Started by the chat browser test.',
    year: 2026,
    startDate: '2026-06-01',
    endDate: '2026-06-30',
    participantEmails: [MEMBER.email, OTHER_MEMBER_EMAIL],
  });
}

test.describe('session chat', () => {
  test('the administrator and a participant chat; the reply appears without reloading, markup as text', async ({
    browser,
  }) => {
    const adminPage = await signInAdminInNewContext(browser);
    const sessionId = await startChatSession(adminPage);
    const memberPage = await signInInNewContext(browser, MEMBER.email, MEMBER.password);

    try {
      await adminPage.goto('/admin/bid-sessions');
      const control = adminPage.getByRole('region', { name: 'Admin Session Control' });
      await expect(control).toContainText(SESSION_NAME);

      // The administrator opens the chat of the session under way and writes through the widget.
      await adminPage.getByRole('button', { name: 'Open chat' }).click();
      const panel = adminPage.getByRole('region', { name: 'Session Chat' });
      const log = panel.getByRole('log', { name: 'Chat messages' });
      await expect(log.getByText('No messages yet. Say hello!')).toBeVisible();
      const box = panel.getByRole('textbox', { name: 'Message' });
      await box.fill('Good morning, bidding is open.');
      await box.press('Enter');
      await expect(log.getByText('Good morning, bidding is open.')).toBeVisible();
      await expect(box).toHaveValue('');

      // The participant reads it through the API and answers with markup.
      const { messages } = await callApi<{ messages: ChatMessageBody[] }>(
        memberPage,
        'GET',
        `/chat/session/${sessionId}/messages`,
      );
      expect(messages.map((message) => message.message)).toEqual(['Good morning, bidding is open.']);
      expect(messages[0]?.user).toMatchObject({ firstName: 'Morgan', lastName: 'Hale', isAdmin: true });
      expect(
        await callApi<{ unreadCount: number }>(memberPage, 'GET', `/chat/session/${sessionId}/unread-count`),
      ).toEqual({ unreadCount: 1 });
      const reply = '<b>bold</b> thanks, chief';
      await callApi(memberPage, 'POST', '/chat/send', { sessionId, message: reply });

      // The administrator's open widget shows the reply by its next poll, as the characters typed.
      await expect(log.getByText(reply, { exact: true })).toBeVisible({ timeout: 8_000 });
      await expect(log.getByText(MEMBER.name)).toBeVisible();
      await expect(log.locator('b')).toHaveCount(0);

      // Closed, the widget shows on its button what arrived unread (counted again on a fresh load).
      await panel.getByRole('button', { name: 'Close chat' }).click();
      await callApi(memberPage, 'POST', '/chat/send', { sessionId, message: 'See you at the station.' });
      await adminPage.reload();
      const openButton = adminPage.getByRole('button', { name: 'Open chat' });
      await expect(openButton).toHaveAccessibleDescription('1 unread');
      await openButton.click();
      await expect(log.getByText('See you at the station.')).toBeVisible();
    } finally {
      // Ended, so that no later spec finds this session running.
      await endSession(adminPage, sessionId);
      await memberPage.context().close();
      await adminPage.context().close();
    }
  });
});
