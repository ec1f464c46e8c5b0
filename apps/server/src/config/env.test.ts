import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const directories: string[] = [];
const dataDir = () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'stationbid-config-'));
  directories.push(directory);
  return directory;
};
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('needs no configuration: port 5000, embedded database, demo data, a generated secret kept on disk', () => {
    const directory = dataDir();
    const config = loadConfig({ DATA_DIR: directory });
    expect(config).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
      loadDemoData: true,
      allowSelfRegistration: false,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(path.join(directory, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    // A restart reads the same secret, so sign-ins survive it.
    expect(loadConfig({ DATA_DIR: directory }).jwtSecret).toBe(config.jwtSecret);
  });

  it('refuses to start in production without JWT_SECRET, saying what to set', () => {
    const directory = dataDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: directory })).toThrow(
      /JWT_SECRET: required when NODE_ENV=production/,
    );
    expect(existsSync(path.join(directory, 'jwt-secret'))).toBe(false);
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: directory }).jwtSecret).toBe(secret);
  });

  it('lists every wrong setting at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/db', JWT_SECRET: 'short', DATA_DIR: dataDir() });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL: must be a postgres/);
      expect(problems).toMatch(/JWT_SECRET: must be at least 32 characters/);
    }
  });

  it('lists the settings that are wrong and the production rules together, not in rounds', () => {
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DEMO_DATA: 'yes',
        ADMIN_EMAIL: 'not-an-email',
        SMS_FROM: '+15550001111',
        TRUST_PROXY: 'true',
        DATA_DIR: dataDir(),
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toEqual([
        expect.stringMatching(/^PORT: /),
        'ADMIN_EMAIL: must be an e-mail address',
        'DEMO_DATA: must be 1 or 0 (or true or false)',
        'JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)',
        'ADMIN_EMAIL and ADMIN_PASSWORD: set both, or neither',
        'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM: set all three, or none',
        expect.stringMatching(/^TRUST_PROXY: true trusts any client's X-Forwarded-For/),
      ]);
    }
  });

  it('takes only the yes/no values the README lists: 1 or 0, true or false', () => {
    for (const [value, isOn] of [
      ['1', true],
      ['true', true],
      ['0', false],
      ['false', false],
    ] as const) {
      expect(loadConfig({ DEMO_DATA: value, LOG_REQUESTS: value, DATA_DIR: dataDir() })).toMatchObject({
        loadDemoData: isOn,
        logRequests: isOn,
      });
    }
    for (const value of ['yes', 'no', 'on', 'off', 'Y']) {
      expect(() => loadConfig({ ALLOW_SELF_REGISTRATION: value, DATA_DIR: dataDir() })).toThrow(
        'ALLOW_SELF_REGISTRATION: must be 1 or 0 (or true or false)',
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: 'yes', DATA_DIR: dataDir() })).toThrow(
      /TRUST_PROXY: not an IP address or CIDR range: yes/,
    );
  });

  it('turns demo data off when the department names its administrator, unless DEMO_DATA=1', () => {
    const admin = { ADMIN_EMAIL: 'chief@dept.example', ADMIN_PASSWORD: 'a-long-password', DATA_DIR: dataDir() };
    expect(loadConfig(admin)).toMatchObject({
      admin: { email: 'chief@dept.example', password: 'a-long-password' },
      loadDemoData: false,
    });
    expect(loadConfig({ ...admin, DEMO_DATA: '1' }).loadDemoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0', DATA_DIR: dataDir() }).loadDemoData).toBe(false);
    expect(() => loadConfig({ ADMIN_EMAIL: 'chief@dept.example', DATA_DIR: dataDir() })).toThrow(
      /set both, or neither/,
    );
  });

  it('never loads the demo (published sign-ins) in production unless DEMO_DATA=1 asks for it', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() };
    expect(loadConfig(production)).toMatchObject({ admin: undefined, loadDemoData: false });
    expect(loadConfig({ ...production, DEMO_DATA: '1' }).loadDemoData).toBe(true);
  });

  it('reads CORS origins as a list and self-registration as a flag', () => {
    const config = loadConfig({
      CORS_ORIGIN: 'https://a.example, https://b.example',
      ALLOW_SELF_REGISTRATION: 'true',
      DATA_DIR: dataDir(),
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.allowSelfRegistration).toBe(true);
  });

  it('delivers nothing without e-mail and SMS settings, and links to this server', () => {
    expect(loadConfig({ PORT: '8080', DATA_DIR: dataDir() }).delivery).toEqual({
      publicWebUrl: 'http://localhost:8080',
      departmentTimeZone: 'UTC',
      email: undefined,
      sms: undefined,
    });
  });

  it('reads the e-mail and SMS settings, and refuses half an SMS configuration or an unknown time zone', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
      MAIL_FROM: 'Station Bids <bids@dept.example>',
      PUBLIC_WEB_URL: 'https://bids.dept.example/',
      DEPARTMENT_TIMEZONE: 'America/Chicago',
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: '+15550001111',
      DATA_DIR: dataDir(),
    });
    expect(config.delivery).toEqual({
      publicWebUrl: 'https://bids.dept.example',
      departmentTimeZone: 'America/Chicago',
      email: { smtpUrl: 'smtps://mailer:secret@smtp.example.org:465', from: 'Station Bids <bids@dept.example>' },
      sms: { providerUrl: 'https://api.twilio.com', accountSid: 'AC1', authToken: 'token', from: '+15550001111' },
    });
    expect(() => loadConfig({ SMS_ACCOUNT_SID: 'AC1', DATA_DIR: dataDir() })).toThrow(/set all three, or none/);
    expect(() => loadConfig({ DEPARTMENT_TIMEZONE: 'Mars/Olympus', DATA_DIR: dataDir() })).toThrow(
      /DEPARTMENT_TIMEZONE: must be an IANA time zone/,
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org', DATA_DIR: dataDir() })).toThrow(
      /SMTP_URL: must be an smtp/,
    );
    expect(loadConfig({ SMTP_URL: '', DATA_DIR: dataDir() }).delivery.email).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('takes a comma-separated list of proxy addresses and CIDR ranges', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' });
    expect(config.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('refuses what is not an address, and `true` (any client) in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.1,proxy.local,10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: not an IP address or CIDR range: proxy.local, 10.0.0.0\/33/,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir(), TRUST_PROXY: 'true' }),
    ).toThrow(/TRUST_PROXY: true trusts any client's X-Forwarded-For/);
  });
});

describe('ADMIN_PASSWORD (issue 13, finding 11)', () => {
  it('follows the one password policy: 12 characters, or 8 that are not common', () => {
    const admin = (password: string) => ({
      DATA_DIR: dataDir(),
      ADMIN_EMAIL: 'chief@dept.example',
      ADMIN_PASSWORD: password,
    });
    expect(() => loadConfig(admin('password1'))).toThrow(/ADMIN_PASSWORD: This password is too common/);
    expect(() => loadConfig(admin('short12'))).toThrow(/ADMIN_PASSWORD: Password must be at least 8 characters/);
    expect(loadConfig(admin('engine-42')).admin).toEqual({ email: 'chief@dept.example', password: 'engine-42' });
    expect(loadConfig(admin('passwordpassword')).admin?.password).toBe('passwordpassword');
  });

  it('reads single sign-on all or nothing, with the redirect built from PUBLIC_WEB_URL', () => {
    const oidc = {
      OIDC_ISSUER: 'https://login.city.example',
      OIDC_CLIENT_ID: 'stationbid',
      OIDC_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig({ DATA_DIR: dataDir() }).oidc).toBeUndefined();
    expect(loadConfig({ ...oidc, PUBLIC_WEB_URL: 'https://bids.city.example/', DATA_DIR: dataDir() }).oidc).toEqual({
      issuer: 'https://login.city.example',
      clientId: 'stationbid',
      clientSecret: 'secret',
      displayName: 'your organization',
      memberClaim: 'email',
      publicWebUrl: 'https://bids.city.example',
    });
    expect(
      loadConfig({ ...oidc, OIDC_DISPLAY_NAME: 'City ID', OIDC_MEMBER_CLAIM: 'employeeId', DATA_DIR: dataDir() }).oidc,
    ).toMatchObject({ displayName: 'City ID', memberClaim: 'employeeId' });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.city.example', DATA_DIR: dataDir() })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three for single sign-on, or none/,
    );
    expect(() =>
      loadConfig({
        ...oidc,
        OIDC_ISSUER: 'http://login.city.example',
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATA_DIR: dataDir(),
      }),
    ).toThrow(
      /OIDC_ISSUER: must be an https:\/\/ URL when NODE_ENV=production[\s\S]*PUBLIC_WEB_URL: required for single sign-on/,
    );
  });
});
