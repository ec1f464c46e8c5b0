/**
 * The server's configuration, read from the environment and checked at start-up. Every setting
 * has a default that makes `npm start` work with no configuration at all; a wrong setting stops
 * start-up with a list of everything that is wrong, in one go: each setting is checked on its own,
 * and the checks across settings (production's, "set both") run on the ones that are right, so
 * fixing the list never brings up a second one.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { newPasswordSchema } from '@stationbid/domain';
import { z } from 'zod';

/** On: `1` or `true`; off: `0` or `false` (the README's words; empty is "not set"). Nothing else. */
const FLAG_ON = ['1', 'true'];
const FLAG_OFF = ['0', 'false'];
const booleanFlag = z
  .enum([...FLAG_ON, ...FLAG_OFF, ''], { error: 'must be 1 or 0 (or true or false)' })
  .transform((value) => FLAG_ON.includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  // The one password policy (packages/domain), as for every other password.
  ADMIN_PASSWORD: newPasswordSchema.optional(),
  DEMO_DATA: booleanFlag.optional(),
  ALLOW_SELF_REGISTRATION: booleanFlag.default(false),
  CORS_ORIGIN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One log line per request at `info`; without it they are written at `debug` (issue 13, finding 9). */
  LOG_REQUESTS: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const flag = value.trim().toLowerCase();
      if (flag === '' || FLAG_OFF.includes(flag)) return false;
      if (FLAG_ON.includes(flag)) return true;
      const proxies = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const wrong = proxies.filter((entry) => !isAddressOrCidr(entry));
      if (wrong.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `not an IP address or CIDR range: ${wrong.join(', ')} (give the reverse proxies' addresses, comma-separated, e.g. 127.0.0.1,10.0.0.0/8)`,
        });
        return z.NEVER;
      }
      return proxies;
    }),
  // Delivery of e-mail and SMS from the outbox (docs/decisions/010-outbox-delivery.md). Without
  // them messages stay queued and the delivery status says the channel is not configured.
  SMTP_URL: optionalSetting(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().min(3).default('StationBid <no-reply@stationbid.local>'),
  PUBLIC_WEB_URL: optionalSetting(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  // The default of the department's time zone, which administrators may change (issue 16); when not
  // set, the zone the server runs in.
  DEPARTMENT_TIMEZONE: z
    .string()
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
    .refine(isKnownTimeZone, 'must be an IANA time zone such as America/Chicago'),
  SMS_PROVIDER_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: optionalSetting(z.string()),
  SMS_AUTH_TOKEN: optionalSetting(z.string()),
  SMS_FROM: optionalSetting(z.string()),
  // Web Push (issue 15): how push services reach the operator (the VAPID subject). Without it, the
  // https:// PUBLIC_WEB_URL, else a mailto: of MAIL_FROM.
  PUSH_CONTACT: optionalSetting(
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL'),
  ),
  // Single sign-on with OpenID Connect (docs/integrations.md): all three, or none.
  OIDC_ISSUER: optionalSetting(
    z.url({ protocol: /^https?$/, error: "must be the provider's issuer URL, e.g. https://login.example.org" }),
  ),
  OIDC_CLIENT_ID: optionalSetting(z.string().trim().min(1)),
  OIDC_CLIENT_SECRET: optionalSetting(z.string().min(1)),
  /** The button's words: "Sign in with <name>". */
  OIDC_DISPLAY_NAME: optionalSetting(z.string().trim().min(1).max(60, 'must be at most 60 characters')),
  /** `email` (matched only when the provider says it is verified), or a claim matched to the employee ID. */
  OIDC_MEMBER_CLAIM: optionalSetting(
    z.string().regex(/^[A-Za-z_][\w.:-]{0,99}$/, 'must be a claim name such as email or employeeId'),
  ),
});

/** An optional setting where an empty value means "not set". */
function optionalSetting<T extends z.ZodType<string>>(schema: T) {
  return schema.optional().or(z.literal('').transform(() => undefined));
}

/** An IPv4 or IPv6 address, optionally with a /prefix length (CIDR). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const length = Number(prefix);
  return /^\d+$/.test(prefix) && length <= (version === 4 ? 32 : 128);
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Single sign-on with OpenID Connect. The redirect URI the provider must know is
 * `<publicWebUrl>/api/auth/oidc/callback`.
 */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's words: "Sign in with <displayName>". */
  displayName: string;
  /** `email`, or the claim compared with members' employee IDs. */
  memberClaim: string;
  /** The web app's public address, where the provider sends people back. */
  publicWebUrl: string;
}

/** Where and how the outbox worker delivers; a channel left undefined is not configured. */
export interface DeliveryConfig {
  /** The web app's address, put in front of the links that messages carry as paths. */
  publicWebUrl: string;
  /** The department's time zone, for times written in messages. */
  departmentTimeZone: string;
  email: { smtpUrl: string; from: string } | undefined;
  sms: { providerUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  /** The VAPID subject of Web Push (PUSH_CONTACT); without it one is derived (push-sender.ts, vapidSubject). */
  pushContact?: string | undefined;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  admin: { email: string; password: string } | undefined;
  loadDemoData: boolean;
  allowSelfRegistration: boolean;
  /** Allowed origins for cross-origin calls; empty means same origin only. */
  corsOrigins: string[];
  logLevel: string;
  /** Request lines at `info` (LOG_REQUESTS=1) instead of `debug`. */
  logRequests: boolean;
  webDistDir: string;
  /**
   * Whose X-Forwarded-For to believe: the reverse proxies' addresses or CIDR ranges; false for
   * none; true for anyone (development only: refused in production, since any client could then
   * pick the address its failed sign-ins count against).
   */
  trustProxy: boolean | string[];
  delivery: DeliveryConfig;
  /** Single sign-on; undefined when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not set. */
  oidc?: OidcConfig | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`StationBid cannot start; fix these settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Without JWT_SECRET (outside production) a secret is generated once and kept in the data
 * directory, so sign-ins survive a restart without anyone configuring anything.
 */
function loadOrCreateJwtSecret(dataDir: string): string {
  const secretFile = path.join(dataDir, 'jwt-secret');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}

type Env = z.infer<typeof envSchema>;

/**
 * Every setting checked on its own: the values of those that are right, and one problem per
 * wrong one ("PORT: ..."), so a wrong setting never hides another.
 */
function parseEachSetting(environment: NodeJS.ProcessEnv): { env: Partial<Env>; problems: string[] } {
  const env: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(envSchema.shape)) {
    const result = (schema as z.ZodType).safeParse(environment[name]);
    if (result.success) env[name] = result.data;
    else problems.push(...result.error.issues.map((issue) => `${name}: ${issue.message}`));
  }
  return { env: env as Partial<Env>, problems };
}

/**
 * The checks across settings, on the settings as given: "set both" looks at what is set, right or
 * wrong, and production's rules apply when NODE_ENV=production was read.
 */
function crossSettingProblems(environment: NodeJS.ProcessEnv, env: Partial<Env>): string[] {
  const isSet = (name: string) => Boolean(environment[name]?.trim());
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !isSet('JWT_SECRET')) {
    problems.push('JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)');
  }
  if (isSet('ADMIN_EMAIL') !== isSet('ADMIN_PASSWORD')) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both, or neither');
  }
  const smsSettings = ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'].map(isSet);
  if (smsSettings.some(Boolean) && !smsSettings.every(Boolean)) {
    problems.push('SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM: set all three, or none');
  }
  const oidcSettings = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].map(isSet);
  if (oidcSettings.some(Boolean) && !oidcSettings.every(Boolean)) {
    problems.push(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three for single sign-on, or none (docs/integrations.md)',
    );
  }
  if (oidcSettings.every(Boolean) && env.NODE_ENV === 'production') {
    if (env.OIDC_ISSUER?.startsWith('http://')) {
      problems.push('OIDC_ISSUER: must be an https:// URL when NODE_ENV=production');
    }
    if (!isSet('PUBLIC_WEB_URL')) {
      problems.push(
        'PUBLIC_WEB_URL: required for single sign-on when NODE_ENV=production (the redirect URI is PUBLIC_WEB_URL/api/auth/oidc/callback)',
      );
    }
  }
  if (env.NODE_ENV === 'production' && env.TRUST_PROXY === true) {
    problems.push(
      "TRUST_PROXY: true trusts any client's X-Forwarded-For; in production list the reverse proxies' addresses or CIDR ranges instead (e.g. TRUST_PROXY=10.0.0.5 or 10.0.0.0/8)",
    );
  }
  return problems;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = parseEachSetting(environment);
  const problems = [...parsed.problems, ...crossSettingProblems(environment, parsed.env)];
  if (problems.length > 0) throw new ConfigError(problems);
  // Every setting parsed: each has its value or its default.
  const env = parsed.env as Env;

  const dataDir = path.resolve(env.DATA_DIR);
  const publicWebUrl = (env.PUBLIC_WEB_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    jwtSecret: env.JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    admin,
    // Demo data is the default for a first look on a developer's machine; a department that names
    // its administrator gets an empty product unless it asks for the demo too. In production the
    // demo (whose sign-ins are published in the README) is loaded only when DEMO_DATA=1 says so.
    loadDemoData: env.DEMO_DATA ?? (env.NODE_ENV !== 'production' && !admin),
    allowSelfRegistration: env.ALLOW_SELF_REGISTRATION,
    corsOrigins: env.CORS_ORIGIN
      ? env.CORS_ORIGIN.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : [],
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../web/dist')),
    trustProxy: env.TRUST_PROXY,
    delivery: {
      publicWebUrl,
      departmentTimeZone: env.DEPARTMENT_TIMEZONE,
      email: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
      sms:
        env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM
          ? {
              providerUrl: env.SMS_PROVIDER_URL.replace(/\/+$/, ''),
              accountSid: env.SMS_ACCOUNT_SID,
              authToken: env.SMS_AUTH_TOKEN,
              from: env.SMS_FROM,
            }
          : undefined,
      pushContact: env.PUSH_CONTACT,
    },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            displayName: env.OIDC_DISPLAY_NAME ?? 'your organization',
            memberClaim: env.OIDC_MEMBER_CLAIM ?? 'email',
            publicWebUrl,
          }
        : undefined,
  };
}
