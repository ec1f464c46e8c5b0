import { expect, type Page, test } from '@playwright/test';
import {
  callApi,
  createAndStartSession,
  createMember,
  endSession,
  type NewMember,
  signInAdminInNewContext,
  signInInNewContext,
  specFirefighters,
} from '../../fixtures/sessions.ts';

/*
 * The notices that wake a member before their turn, on a phone: the one-time offer of a text or a
 * phone notification at the first sign-in, and the session page's "Text me when I'm 2 turns away".
 * Each test creates members of its own, so their first sign-in is really their first.
 */
const PHONE_VIEWPORT = { width: 390, height: 844 };
const OFFER_TITLE = 'Get a text or a phone notification when your turn is near';

interface Settings {
  preferences: { smsNotifications: boolean; bidReminders: boolean };
  phoneNumber: string | null;
  isOfferPending: boolean;
}

const readSettings = (page: Page) => callApi<Settings>(page, 'GET', '/notifications/preferences');

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

test.describe('notices that wake a member', () => {
  test('the first sign-in offers texts; a valid number turns them on, and the offer is not made again', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const runId = Date.now().toString(36);
    const [member] = specFirefighters('Offer', 'OF', runId, [7]) as [NewMember];
    const adminPage = await signInAdminInNewContext(browser);
    await createMember(adminPage, member);
    const page = await signInInNewContext(browser, member.email, member.password, PHONE_VIEWPORT);
    try {
      const offer = page.getByRole('region', { name: OFFER_TITLE });
      await expect(offer).toBeVisible();
      await expectNoSidewaysScroll(page);

      await offer.getByRole('button', { name: 'Text me' }).click();
      const phone = offer.getByRole('textbox', { name: /Mobile number/ });
      await expect(phone).toBeFocused();
      await expect(phone).toHaveAttribute('placeholder', '(555) 201-4477');
      // A 7-digit local number cannot take a text: refused before anything is sent.
      await phone.fill('555-0199');
      await offer.getByRole('button', { name: 'Turn on texts' }).click();
      await expect(
        offer.getByText(/Enter a 10-digit mobile number with its area code, like \(555\) 201-4477/),
      ).toBeVisible();
      expect((await readSettings(page)).preferences.smsNotifications).toBe(false);

      await phone.fill('(555) 201-4477');
      await offer.getByRole('button', { name: 'Turn on texts' }).click();
      await expect(offer.getByText('Texts are on, to (555) 201-4477.')).toBeVisible();
      await expect.poll(async () => (await readSettings(page)).isOfferPending).toBe(false);
      expect(await readSettings(page)).toMatchObject({
        preferences: { smsNotifications: true, bidReminders: true },
        phoneNumber: '+15552014477',
      });

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: OFFER_TITLE })).toHaveCount(0);

      // The profile shows the same one number, as people write it.
      await page.goto('/profile');
      await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(555) 201-4477');
      await expect(page.getByRole('region', { name: OFFER_TITLE })).toHaveCount(0);
    } finally {
      await page.context().close();
      await adminPage.context().close();
    }
  });

  test('"Not now" is remembered on the server: another device does not offer it again', async ({ browser }) => {
    const runId = Date.now().toString(36);
    const [member] = specFirefighters('Later', 'LT', runId, [6]) as [NewMember];
    const adminPage = await signInAdminInNewContext(browser);
    await createMember(adminPage, member);
    const phonePage = await signInInNewContext(browser, member.email, member.password, PHONE_VIEWPORT);
    try {
      const offer = phonePage.getByRole('region', { name: OFFER_TITLE });
      await offer.getByRole('button', { name: 'Not now' }).click();
      await expect(offer).toHaveCount(0);
      await expect.poll(async () => (await readSettings(phonePage)).isOfferPending).toBe(false);

      // A fresh browser context is another device: nothing of the answer is in its storage.
      const desktopPage = await signInInNewContext(browser, member.email, member.password, {
        width: 1280,
        height: 800,
      });
      await expect(desktopPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(desktopPage.getByRole('region', { name: OFFER_TITLE })).toHaveCount(0);
      expect((await readSettings(desktopPage)).preferences.smsNotifications).toBe(false);
      await desktopPage.context().close();
    } finally {
      await phonePage.context().close();
      await adminPage.context().close();
    }
  });

  test('the session page turns "Text me when I’m 2 turns away" on and off', async ({ browser }) => {
    test.setTimeout(90_000);
    const runId = Date.now().toString(36);
    const members = specFirefighters('Notice', 'NT', runId, [26, 16, 6]);
    const casey = members[2] as NewMember;
    const adminPage = await signInAdminInNewContext(browser);
    for (const member of members) await createMember(adminPage, member);
    const sessionId = await createAndStartSession(adminPage, {
      name: `E2E Notices ${runId}`,
      year: 2026,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      participantEmails: members.map((member) => member.email),
    });
    const page = await signInInNewContext(browser, casey.email, casey.password, PHONE_VIEWPORT);
    try {
      await page.goto(`/live-bid/${sessionId}`);
      const notices = page.getByRole('region', { name: 'Before your turn' });
      const texts = notices.getByRole('switch', { name: /^Text me when I’m 2 turns away/ });
      await expect(texts).not.toBeChecked();
      // The session's own page never shows the first sign-in's offer above the countdown.
      await expect(page.getByRole('region', { name: OFFER_TITLE })).toHaveCount(0);

      // No number on file yet: the switch asks for one.
      await texts.click();
      const phone = notices.getByRole('textbox', { name: /Mobile number/ });
      await expect(phone).toBeFocused();
      await phone.fill('555 201 4478');
      await notices.getByRole('button', { name: 'Turn on texts' }).click();
      await expect(texts).toBeChecked();
      await expect(texts).toHaveAccessibleDescription(/To \(555\) 201-4478/);
      await expectNoSidewaysScroll(page);
      expect((await readSettings(page)).preferences).toMatchObject({ smsNotifications: true, bidReminders: true });

      await page.reload();
      await expect(texts).toBeChecked();
      await texts.click();
      await expect(texts).not.toBeChecked();
      await expect.poll(async () => (await readSettings(page)).preferences.smsNotifications).toBe(false);
      await page.reload();
      await expect(texts).not.toBeChecked();
    } finally {
      await endSession(adminPage, sessionId).catch(() => undefined);
      await page.context().close();
      await adminPage.context().close();
    }
  });
});
