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
  // Two people signed in and a session started and ended: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 180_000 });
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

      // The administrator opens the chat of the session under way (the Chat button in the top bar)
      // and writes in the drawer.
      await adminPage
        .getByRole('banner')
        .getByRole('button', { name: /^Chat(,|$)/ })
        .click();
      const panel = adminPage.getByRole('dialog', { name: 'Session Chat' });
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

      // Closed, the button shows what arrived unread (counted again on a fresh load).
      await panel.getByRole('button', { name: 'Close chat' }).click();
      await expect(panel).toBeHidden();
      await callApi(memberPage, 'POST', '/chat/send', { sessionId, message: 'See you at the station.' });
      await adminPage.reload();
      const openButton = adminPage.getByRole('banner').getByRole('button', { name: 'Chat, 1 unread' });
      await expect(openButton).toBeVisible();
      await openButton.click();
      await expect(log.getByText('See you at the station.')).toBeVisible();
    } finally {
      // Ended, so that no later spec finds this session running.
      await endSession(adminPage, sessionId);
      await memberPage.context().close();
      await adminPage.context().close();
    }
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}x${viewport.height}, a participant's Chat button sits in the top bar, covers no card, and opens a drawer`, async ({
      browser,
    }) => {
      const adminPage = await signInAdminInNewContext(browser);
      const sessionId = await startChatSession(adminPage);
      const memberPage = await signInInNewContext(browser, MEMBER.email, MEMBER.password, viewport);

      try {
        await memberPage.goto(`/live-bid/${sessionId}`);
        const chatButton = memberPage.getByRole('banner').getByRole('button', { name: /^Chat(,|$)/ });
        await expect(chatButton).toBeVisible();
        await expect(memberPage.getByRole('main').getByRole('region').first()).toBeVisible();
        // No label of the top bar is cut at this width.
        expect(await cutLabels(memberPage, 'header button, header .mantine-Badge-root')).toEqual([]);
        // Nothing fixed or floating lies over the page's cards, at the top or scrolled to the bottom.
        expect(await fixedElementsOverCards(memberPage)).toEqual([]);
        await memberPage.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        expect(await fixedElementsOverCards(memberPage)).toEqual([]);

        await chatButton.click();
        const drawer = memberPage.getByRole('dialog', { name: 'Session Chat' });
        await expect(drawer.getByRole('log', { name: 'Chat messages' })).toBeVisible();
        await expect(drawer.getByRole('textbox', { name: 'Message' })).toBeVisible();
        await memberPage.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect(chatButton).toBeFocused();
      } finally {
        await endSession(adminPage, sessionId);
        await memberPage.context().close();
        await adminPage.context().close();
      }
    });
  }
});

/** The buttons and badges matching `selector` whose text does not fit (scrollWidth past clientWidth). */
function cutLabels(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => element.getBoundingClientRect().width > 0)
      .filter((element) =>
        // A part 1 px wide is visually hidden text (for screen readers), not a cut label.
        [element, ...element.querySelectorAll('*')].some(
          (part) => part.clientWidth > 1 && part.scrollWidth > part.clientWidth + 1,
        ),
      )
      .map((element) => element.textContent ?? ''),
  );
}

/**
 * Fixed or sticky elements outside the top bar and the navigation that overlap a card (a section or
 * a bordered Paper) of the main content: e.g. a floating button over a card's corner.
 */
function fixedElementsOverCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (main === null) return ['no main'];
    const cards = [...main.querySelectorAll('section, .mantine-Paper-root, .mantine-Card-root')].map((card) =>
      card.getBoundingClientRect(),
    );
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom && a.width > 0 && a.height > 0;
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const position = getComputedStyle(element).position;
        return (
          (position === 'fixed' || position === 'sticky') && element.closest('header, nav, [role="dialog"]') === null
        );
      })
      .filter((element) => !element.matches('header, nav, .mantine-AppShell-navbar'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return cards.some((card) => overlaps(box, card));
      })
      .map((element) => `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 40)}`);
  });
}
