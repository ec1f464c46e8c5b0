import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

/**
 * Webhooks: an administrator registers an endpoint in the browser and copies its signing secret,
 * sends a test event, and a receiver (a node:http server on this machine, which the server allows
 * outside production only, as it does a stand-in push service) gets it signed; the Integrations
 * page and the delivery status screen show it delivered; the endpoint is deleted after a
 * confirmation. At a phone's and a laptop's size.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

interface Received {
  /** The path it was posted to: each test's endpoint has its own. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a receiver writes to check a delivery (docs/integrations.md, "Verifying a signature"). */
function isSignedWith(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const received: Received[] = [];
let receiver: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Registers an endpoint through the dialog, by label, and answers the secret it shows once. */
async function addEndpointInBrowser(page: Page, url: string, description: string): Promise<string> {
  await page.getByRole('button', { name: 'Add webhook endpoint' }).click();
  const form = page.getByRole('form', { name: 'Add webhook endpoint' });
  await form.getByRole('textbox', { name: 'URL' }).fill(url);
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  await form.getByRole('checkbox', { name: /member\.changed/ }).check();
  // Submitted from the keyboard, as a person tabbing through the form would.
  await form.getByRole('button', { name: 'Add endpoint' }).focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Webhook endpoint added' });
  await expect(dialog.getByText('will not be shown again', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return secret;
}

for (const viewport of VIEWPORTS) {
  test.describe(`Webhooks at ${viewport.width}x${viewport.height}`, () => {
    test('an endpoint added in the browser receives a signed test event, shown delivered, then is deleted', async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/admin/integrations');
      await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

      // Unique per run: a retry must not meet the first attempt's endpoint under the same name.
      const description = `E2E scheduler ${viewport.width} ${Date.now().toString(36)}`;
      const path = `/hook-${viewport.width}-${Date.now().toString(36)}`;
      const secret = await addEndpointInBrowser(page, `${receiverUrl}${path}`, description);
      const row = page.getByRole('listitem', { name: description });
      await expect(row).toContainText('member.changed');
      await expect(row).toContainText('None yet');
      await expect(page.getByText(secret)).toHaveCount(0);

      await row.getByRole('button', { name: `Send a test event to ${description}` }).click();
      // This endpoint's own: the receiver also holds the other viewport's deliveries.
      const testEvents = () => received.filter((entry) => entry.url === path && entry.body.includes('"webhook.test"'));
      await expect.poll(() => testEvents().length, { timeout: 15_000 }).toBeGreaterThan(0);
      const delivery = testEvents().at(-1) as Received;
      expect(isSignedWith(secret, delivery)).toBe(true);
      expect(JSON.parse(delivery.body)).toMatchObject({ type: 'webhook.test' });

      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByRole('listitem', { name: description }).textContent();
          },
          { timeout: 15_000 },
        )
        .toContain('webhook.test, delivered (204)');

      await page.goto('/admin/notifications');
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      const table = page.getByRole('table', { name: 'Webhook deliveries' });
      await expect(table.getByRole('row').filter({ hasText: path }).first()).toContainText('Delivered');

      await page.goto('/admin/integrations');
      await page
        .getByRole('listitem', { name: description })
        .getByRole('button', { name: `Delete ${description}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete webhook endpoint' });
      await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('listitem', { name: description })).toHaveCount(0);
    });
  });
}
