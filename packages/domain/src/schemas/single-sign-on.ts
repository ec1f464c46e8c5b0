/**
 * Single sign-on with OpenID Connect: what the web app asks the server (is it on, the button's
 * words, the provider's sign-out), the one-time code it exchanges for the usual sign-in answer,
 * the department's two settings, and the words of every refusal, which the server names by reason
 * in its redirect (/auth/sso?error=<reason>) and the web shows.
 */
import { z } from 'zod';

/** Why a single sign-on was refused; each has words a person can act on (SINGLE_SIGN_ON_REFUSALS). */
export const singleSignOnRefusalSchema = z.enum([
  'not_configured',
  'provider_unavailable',
  'provider_refused',
  'expired',
  'not_confirmed',
  'email_not_verified',
  'missing_claim',
  'unknown_member',
  'awaiting_approval',
  'deactivated',
]);
export type SingleSignOnRefusal = z.infer<typeof singleSignOnRefusalSchema>;

/** The words of each refusal; `name` is the provider's display name ("your organization"). */
export const SINGLE_SIGN_ON_REFUSALS: Record<SingleSignOnRefusal, (name: string) => string> = {
  not_configured: () => 'Single sign-on is not set up on this server. Sign in with your e-mail and password.',
  provider_unavailable: (name) =>
    `${name} could not be reached just now. Try again in a minute; if it keeps failing, tell your administrator.`,
  provider_refused: (name) => `${name} did not sign you in. Try again, and choose the account you use for work.`,
  expired: () =>
    'This sign-in took too long or was started in another tab or browser. Start again from the sign-in page.',
  not_confirmed: (name) =>
    `Your sign-in with ${name} could not be confirmed (it may have been used already or have expired). Start again from the sign-in page.`,
  email_not_verified: (name) =>
    `${name} has not verified your e-mail address, so it cannot be matched to a member. Verify it with ${name}, or ask your administrator.`,
  missing_claim: (name) =>
    `${name} did not say who you are in the way this department matches members. Ask your administrator to check the single sign-on settings.`,
  unknown_member: (name) =>
    `You signed in with ${name}, but no member of this department matches your account. Ask your administrator to add you.`,
  awaiting_approval: () =>
    'Your account is waiting for an administrator to approve it. You can sign in once they have; ask your administrator if it takes long.',
  deactivated: () => 'Your account has been deactivated. Contact an administrator.',
};

export const SINGLE_SIGN_ON_MESSAGES = {
  codeInvalid: 'This sign-in link has expired or was used already. Start again from the sign-in page.',
  passwordSignInRefused: (name: string) =>
    `Your department signs in with ${name}. Use "Sign in with ${name}" on the sign-in page.`,
  passwordResetRefused: (name: string) =>
    `Your department signs in with ${name}, so StationBid passwords are not used. Use "Sign in with ${name}"; to change your password, change it with ${name}.`,
  resetRequestedWhileRequired: (name: string) =>
    `Members sign in with ${name}, so no password reset is needed: use "Sign in with ${name}". If this is an administrator's account, a reset link is on its way.`,
  requireNeedsConfiguration:
    'Single sign-on is not configured on this server (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET), so it cannot be required.',
  saved: 'Single sign-on settings saved.',
} as const;

/** GET /api/auth/oidc/config: whether the sign-in page offers single sign-on. */
export const singleSignOnConfigSchema = z.object({
  enabled: z.boolean(),
  /** "Sign in with <displayName>". */
  displayName: z.string(),
  /** Whether members who are not administrators must use it (their passwords are refused). */
  required: z.boolean(),
  /** The provider's sign-out page, when it has one: "Also sign out of <displayName>". */
  endSessionUrl: z.string().nullable(),
});
export type SingleSignOnConfig = z.infer<typeof singleSignOnConfigSchema>;

/** POST /api/auth/oidc/exchange: the one-time code from the redirect to /auth/sso. */
export const singleSignOnExchangeSchema = z.object({
  code: z
    .string({ error: SINGLE_SIGN_ON_MESSAGES.codeInvalid })
    .min(20, SINGLE_SIGN_ON_MESSAGES.codeInvalid)
    .max(200, SINGLE_SIGN_ON_MESSAGES.codeInvalid),
});
export type SingleSignOnExchange = z.infer<typeof singleSignOnExchangeSchema>;

/**
 * The callback's query as the provider sends it (`code`, `state`, `iss`, or `error` and
 * `error_description`). Anything is accepted here, so that even a mangled redirect lands on the
 * web's refusal page rather than a validation answer; the service reads only single strings.
 */
export const singleSignOnCallbackQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** GET and PUT /api/admin/single-sign-on: the department's two settings. */
export const singleSignOnSettingsUpdateSchema = z.object({
  requireSingleSignOn: z.boolean({ error: 'Say whether members must use single sign-on (true or false).' }),
  createUnknownMembers: z.boolean({
    error: 'Say whether unknown people become inactive members waiting for approval (true or false).',
  }),
});
export type SingleSignOnSettingsUpdate = z.infer<typeof singleSignOnSettingsUpdateSchema>;

export const singleSignOnSettingsSchema = singleSignOnSettingsUpdateSchema.extend({
  /** Whether the server has OIDC configured; without it, single sign-on cannot be required. */
  configured: z.boolean(),
  displayName: z.string(),
  /** The redirect URI to register with the provider. */
  redirectUri: z.string().nullable(),
});
export type SingleSignOnSettings = z.infer<typeof singleSignOnSettingsSchema>;
