/**
 * Single sign-on through a real OpenID provider (oidc-provider, in this process on a random port)
 * and the real app listening on another, the whole flow over HTTP: the app's start, the provider's
 * login and consent, its redirect back to the app's callback, and the web's exchange of the
 * one-time code. Each refusal lands on the web's /auth/sso page with a reason.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OidcConfig } from '../../config/env.ts';
import { passwordTokens } from '../../db/schema/index.ts';
import { findFreePort } from '../../test/server-process.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/test-app.ts';
import { createOpaqueToken, hashOpaqueToken } from '../auth/tokens.ts';

const CLIENT_ID = 'stationbid-test';
const CLIENT_SECRET = 'a-client-secret-the-provider-and-app-share';

/** The claims each provider account says about its person; set per test. */
const accounts = new Map<string, Record<string, unknown>>();

let context: TestContext;
let providerServer: Server;
let appUrl: string;
let issuer: string;
const restoreWarnings: (() => void)[] = [];

/** oidc-provider warns on import (Node 20 is not its LTS) and about its development login pages; not ours to fix. */
function silenceProviderNotices() {
  for (const method of ['warn', 'info'] as const) {
    const original = console[method];
    const spy = vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return;
      original(...args);
    });
    restoreWarnings.push(() => spy.mockRestore());
  }
}

beforeAll(async () => {
  silenceProviderNotices();
  let handleProvider: RequestListener = (_request, response) => response.writeHead(503).end();
  providerServer = createServer((request, response) => handleProvider(request, response));
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  const address = providerServer.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const appPort = await findFreePort();
  appUrl = `http://127.0.0.1:${appPort}`;
  const oidc: OidcConfig = {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    displayName: 'City ID',
    memberClaim: 'email',
    publicWebUrl: appUrl,
  };
  context = await createTestContext({ oidc });
  await context.app.listen({ port: appPort, host: '127.0.0.1' });

  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${appUrl}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${appUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The claims go in the ID token, as Entra ID, Google and Okta put them.
    conformIdTokenClaims: false,
    // An ID token lives a minute: the expiry test moves the app's clock past it.
    ttl: { IdToken: 60 },
    cookies: { keys: ['a-cookie-key-for-the-test-provider'] },
    findAccount: async (_ctx: unknown, sub: string) => {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
  });
  handleProvider = provider.callback();
});

afterAll(async () => {
  await context?.close();
  await new Promise<void>((resolve) => providerServer?.close(() => resolve()));
  for (const restore of restoreWarnings) restore();
});

beforeEach(() => {
  // The app's clock reads the real time, so the provider's tokens are fresh by it.
  context.clock.set(new Date());
  accounts.clear();
});

/** Cookies of the app and the provider, by name (their names differ). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string) {
    return this.cookies.get(name);
  }
}

async function send(jar: CookieJar, url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.take(response);
  return response;
}

/** The app's start: the provider's authorization URL, with the pending sign-in's cookie in the jar. */
async function startSignIn(jar: CookieJar): Promise<URL> {
  const response = await send(jar, `${appUrl}/api/auth/oidc/start`);
  expect(response.status).toBe(303);
  expect(jar.get('stationbid_sso')).toBeDefined();
  return new URL(String(response.headers.get('location')));
}

/**
 * Follows the provider's redirects, signing in as `accountId` on its login page and agreeing on its
 * consent page, up to its redirect back to the app: the callback URL, not yet requested.
 */
async function signInAtProvider(jar: CookieJar, authorizationUrl: URL, accountId: string): Promise<URL> {
  let next: { url: string; init?: RequestInit } = { url: authorizationUrl.toString() };
  for (let step = 0; step < 12; step += 1) {
    const response = await send(jar, next.url, next.init);
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(String(response.headers.get('location')), next.url);
      if (location.toString().startsWith(`${appUrl}/api/auth/oidc/callback`)) return location;
      next = { url: location.toString() };
      continue;
    }
    const page = await response.text();
    expect(response.status, page).toBe(200);
    const form = new URLSearchParams(
      page.includes('name="login"') ? { prompt: 'login', login: accountId, password: 'any' } : { prompt: 'consent' },
    );
    next = {
      url: new URL(new URL(next.url).pathname, issuer).toString(),
      init: {
        method: 'POST',
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    };
  }
  throw new Error('the provider never sent the browser back to the app');
}

/** The app's callback: where it sends the browser (the web's /auth/sso with a code or a reason). */
async function callBack(jar: CookieJar, callbackUrl: URL): Promise<URL> {
  const response = await send(jar, callbackUrl.toString());
  expect(response.status).toBe(303);
  const location = new URL(String(response.headers.get('location')));
  expect(location.origin + location.pathname).toBe(`${appUrl}/auth/sso`);
  return location;
}

async function fullSignIn(accountId: string): Promise<URL> {
  const jar = new CookieJar();
  return callBack(jar, await signInAtProvider(jar, await startSignIn(jar), accountId));
}

async function exchange(code: string) {
  return fetch(`${appUrl}/api/auth/oidc/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
}

describe('single sign-on through a real OpenID provider', () => {
  it('signs a member with a verified e-mail in, with tokens that work like a password sign-in', async () => {
    const member = await createMember(context, { email: 'rosa.diaz@city.example', firstName: 'Rosa' });
    accounts.set('rosa', { email: 'Rosa.Diaz@city.example', email_verified: true, given_name: 'Rosa' });

    const landing = await fullSignIn('rosa');
    const code = landing.searchParams.get('code');
    expect(landing.searchParams.get('error')).toBeNull();
    expect(code).toBeTruthy();
    // Nothing of the sign-in itself travels in the URL.
    expect(landing.toString()).not.toMatch(/token/i);

    const answer = await exchange(String(code));
    expect(answer.status).toBe(200);
    const signedIn = (await answer.json()) as { token: string; refreshToken: string; user: { id: string } };
    expect(signedIn.user.id).toBe(member.id);

    const me = await fetch(`${appUrl}/api/auth/me`, { headers: { authorization: `Bearer ${signedIn.token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('rosa.diaz@city.example');
    const refreshed = await fetch(`${appUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: signedIn.refreshToken }),
    });
    expect(refreshed.status).toBe(200);

    // The code is used once.
    const again = await exchange(String(code));
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toMatch(/expired or was used already/);
  });

  it('refuses a callback whose state is not the one the sign-in started with', async () => {
    accounts.set('sam', { email: 'sam@city.example', email_verified: true });
    await createMember(context, { email: 'sam@city.example' });
    const jar = new CookieJar();
    const callbackUrl = await signInAtProvider(jar, await startSignIn(jar), 'sam');
    callbackUrl.searchParams.set('state', 'a-state-someone-else-made');
    const landing = await callBack(jar, callbackUrl);
    expect(landing.searchParams.get('error')).toBe('expired');
    expect(landing.searchParams.get('code')).toBeNull();
  });

  it('refuses a code presented a second time', async () => {
    accounts.set('kim', { email: 'kim@city.example', email_verified: true });
    await createMember(context, { email: 'kim@city.example' });
    const jar = new CookieJar();
    const callbackUrl = await signInAtProvider(jar, await startSignIn(jar), 'kim');
    const pendingCookie = String(jar.get('stationbid_sso'));
    expect((await callBack(jar, callbackUrl)).searchParams.get('code')).toBeTruthy();

    // The same redirect again, with the same pending sign-in (as someone who copied both would).
    const replay = await fetch(callbackUrl, {
      redirect: 'manual',
      headers: { cookie: `stationbid_sso=${pendingCookie}` },
    });
    expect(replay.status).toBe(303);
    expect(new URL(String(replay.headers.get('location'))).searchParams.get('error')).toBe('not_confirmed');
  });

  it("refuses an ID token whose nonce is not the sign-in's", async () => {
    accounts.set('lee', { email: 'lee@city.example', email_verified: true });
    await createMember(context, { email: 'lee@city.example' });
    const jar = new CookieJar();
    const authorizationUrl = await startSignIn(jar);
    authorizationUrl.searchParams.set('nonce', 'a-nonce-someone-else-chose');
    const landing = await callBack(jar, await signInAtProvider(jar, authorizationUrl, 'lee'));
    expect(landing.searchParams.get('error')).toBe('not_confirmed');
  });

  it('refuses an ID token that has expired by the time it arrives', async () => {
    accounts.set('ann', { email: 'ann@city.example', email_verified: true });
    await createMember(context, { email: 'ann@city.example' });
    const jar = new CookieJar();
    const callbackUrl = await signInAtProvider(jar, await startSignIn(jar), 'ann');
    // The ID token lives a minute; five pass (the pending sign-in itself lives ten).
    context.clock.advance(5 * 60 * 1000);
    const landing = await callBack(jar, callbackUrl);
    expect(landing.searchParams.get('error')).toBe('not_confirmed');
  });

  it('refuses an e-mail the provider has not verified, even of a member', async () => {
    await createMember(context, { email: 'unverified@city.example' });
    accounts.set('unverified', { email: 'unverified@city.example', email_verified: false });
    const landing = await fullSignIn('unverified');
    expect(landing.searchParams.get('error')).toBe('email_not_verified');
  });

  it('refuses a person no member matches, and a deactivated member', async () => {
    accounts.set('stranger', { email: 'stranger@city.example', email_verified: true });
    expect((await fullSignIn('stranger')).searchParams.get('error')).toBe('unknown_member');

    await createMember(context, { email: 'gone@city.example', isActive: false });
    accounts.set('gone', { email: 'gone@city.example', email_verified: true });
    expect((await fullSignIn('gone')).searchParams.get('error')).toBe('deactivated');
  });

  it('creates an unknown person as an inactive member waiting for approval when the department allows it', async () => {
    const admin = await signIn(context, (await createAdmin(context)).email);
    const saved = await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/admin/single-sign-on',
      payload: { requireSingleSignOn: false, createUnknownMembers: true },
    });
    expect(saved.statusCode).toBe(200);

    accounts.set('newcomer', {
      email: 'newcomer@city.example',
      email_verified: true,
      given_name: 'Nia',
      family_name: 'Okafor',
    });
    expect((await fullSignIn('newcomer')).searchParams.get('error')).toBe('awaiting_approval');
    const users = await injectAs(context, admin, { method: 'GET', url: '/api/admin/users' });
    const created = users
      .json<{ users: { email: string; isActive: boolean; firstName: string }[] }>()
      .users.find((user) => user.email === 'newcomer@city.example');
    expect(created).toMatchObject({ isActive: false, firstName: 'Nia' });
    // Signing in again before approval says the same.
    expect((await fullSignIn('newcomer')).searchParams.get('error')).toBe('awaiting_approval');

    await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/admin/single-sign-on',
      payload: { requireSingleSignOn: false, createUnknownMembers: false },
    });
  });

  it("blocks a member's password once single sign-on is required, but not an administrator's", async () => {
    const adminRow = await createAdmin(context);
    const admin = await signIn(context, adminRow.email);
    const member = await createMember(context, { email: 'pat@city.example' });
    const saved = await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/admin/single-sign-on',
      payload: { requireSingleSignOn: true, createUnknownMembers: false },
    });
    expect(saved.json()).toMatchObject({ requireSingleSignOn: true, configured: true, displayName: 'City ID' });

    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SINGLE_SIGN_ON_REQUIRED',
      error: 'Your department signs in with City ID. Use "Sign in with City ID" on the sign-in page.',
    });
    await expect(signIn(context, adminRow.email)).resolves.toMatchObject({ token: expect.any(String) });

    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
    });
    expect(reset.json<{ message: string }>().message).toMatch(/Members sign in with City ID/);

    const config = await fetch(`${appUrl}/api/auth/oidc/config`);
    expect(await config.json()).toMatchObject({ enabled: true, displayName: 'City ID', required: true });

    // A reset link from before single sign-on was required stops working for a member, not for an administrator.
    const resetWith = async (memberId: string) => {
      const token = createOpaqueToken();
      await context.db.insert(passwordTokens).values({
        memberId,
        purpose: 'reset',
        tokenHash: hashOpaqueToken(token),
        expiresAt: new Date(context.clock.now().getTime() + 60 * 60 * 1000),
      });
      return context.app.inject({
        method: 'POST',
        url: `/api/auth/reset-password/${token}`,
        payload: { password: 'a-brand-new-password-42' },
      });
    };
    const memberReset = await resetWith(member.id);
    expect(memberReset.statusCode).toBe(403);
    expect(memberReset.json<{ error: string }>().error).toMatch(/^Your department signs in with City ID/);
    expect((await resetWith(adminRow.id)).statusCode).toBe(200);

    // The reset ended the administrator's sign-ins; they sign in with the new password.
    const adminAgain = await signIn(context, adminRow.email, 'a-brand-new-password-42');
    const off = await injectAs(context, adminAgain, {
      method: 'PUT',
      url: '/api/admin/single-sign-on',
      payload: { requireSingleSignOn: false, createUnknownMembers: false },
    });
    expect(off.statusCode).toBe(200);
  });

  it("lands on the refusal page for the provider's own error, a missing sign-in cookie or a mangled query", async () => {
    const landingOf = async (query: string) => {
      const response = await fetch(`${appUrl}/api/auth/oidc/callback${query}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      return new URL(String(response.headers.get('location'))).searchParams.get('error');
    };
    expect(await landingOf('?error=access_denied&error_description=The+user+cancelled')).toBe('provider_refused');
    expect(await landingOf('?code=abc&state=xyz')).toBe('expired');
    expect(await landingOf('?state=a&state=b')).toBe('expired');
    expect(await landingOf('')).toBe('expired');
  });

  it("offers the provider's sign-out page", async () => {
    const config = (await (await fetch(`${appUrl}/api/auth/oidc/config`)).json()) as { endSessionUrl: string };
    const url = new URL(config.endSessionUrl);
    expect(url.origin).toBe(issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${appUrl}/login`);
  });
});

describe('single sign-on without a provider', () => {
  it('cannot be required while OIDC is not configured', async () => {
    const plain = await createTestContext();
    try {
      const admin = await signIn(plain, (await createAdmin(plain)).email);
      const refused = await injectAs(plain, admin, {
        method: 'PUT',
        url: '/api/admin/single-sign-on',
        payload: { requireSingleSignOn: true, createUnknownMembers: false },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: string }>().error).toMatch(/not configured/);
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(start.statusCode).toBe(303);
      expect(start.headers.location).toMatch(/\/auth\/sso\?error=not_configured$/);
    } finally {
      await plain.close();
    }
  });

  it('starts although the provider is down, and says it could not be reached', async () => {
    const downPort = await findFreePort();
    const down = await createTestContext({
      oidc: {
        issuer: `http://127.0.0.1:${downPort}`,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        displayName: 'City ID',
        memberClaim: 'email',
        publicWebUrl: 'http://stationbid.example',
      },
    });
    try {
      const start = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(start.statusCode).toBe(303);
      expect(start.headers.location).toBe('http://stationbid.example/auth/sso?error=provider_unavailable');
      const config = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/config' });
      expect(config.json()).toMatchObject({ enabled: true, endSessionUrl: null });
    } finally {
      await down.close();
    }
  });
});
