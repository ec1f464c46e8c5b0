/**
 * The audit lines: one structured `info` line per security or business event, so that an operator
 * can answer "who did this, to what, and when" from the log alone (`grep '"event":"member.updated"'`).
 *
 * - Every event name is listed once, in AUDIT_EVENTS, with what it means; a line names its event in
 *   the `event` field, so the names are what an operator greps for and must not change once shipped.
 * - Each line carries the actor (`actorId`, `actorRole`), the ids of what it is about, and a short
 *   message. The fields are an allowlist (AuditFields has no index signature): a password, a token,
 *   a reset link, a phone number or an e-mail body cannot be handed in by mistake. An e-mail a
 *   sign-in was attempted with is logged as `emailHash` only (hashEmail), like the rest of the log,
 *   which leaves e-mails out (plugins/logging.ts).
 * - Written after the change's transaction has committed, never inside it: a change rolled back
 *   was not done, and its line would say it was.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/** Every audit event, with what it means; the key is the line's `event`. */
export const AUDIT_EVENTS = {
  // Signing in and out
  'auth.sign_in': 'A member signed in (right password, active account).',
  'auth.sign_in_failed':
    'A sign-in was checked and refused: `reason` is wrong_password, unknown_email, account_deactivated or awaiting_approval.',
  'auth.locked_out':
    'A failed sign-in made the next attempts wait: `scope` account (this account from this address) or address (this address for accounts it does not know), for `retryAfterSeconds`.',
  'auth.sign_in_refused':
    'A sign-in was refused unchecked because its account or address still waits (`scope`, `retryAfterSeconds`).',
  'auth.sign_out': 'A member signed out of one sign-in.',
  'auth.sign_in_revoked':
    'A sign-in was ended by the server: `reason` refresh_token_reused (a replayed refresh token), member_inactive, or family_mismatch.',
  'auth.unlocked': "An administrator cleared a member's sign-in waits.",
  'auth.password_reset_requested': 'A password reset link was queued for an active member.',
  'auth.password_reset_completed': 'A member set a new password from a link (`purpose` reset or setup).',
  'auth.password_changed': 'A member changed their own password.',
  'auth.registered': 'Someone registered themselves; the account waits for an administrator.',
  // Members, by administrators
  'member.created': 'An administrator created a member.',
  'member.updated': 'An administrator changed a member: `fields` names what changed (never the values).',
  'member.deactivated': 'An administrator deactivated a member.',
  'member.activated': 'An administrator activated or reactivated a member.',
  'member.role_changed': 'An administrator gave or took administrator rights (`role` is the new one).',
  'member.deleted': 'An administrator deleted a member.',
  'member.station_assigned': "An administrator changed a member's seat (`stationId` null: seat released).",
  'member.password_set': "An administrator set a member's password.",
  'member.imported': 'An administrator imported members from a spreadsheet (`created`, `skipped`, `total`).',
  'member.roster_synced':
    'A roster sync changed members (`created`, `updated`, `deactivated`, `skipped`, `total`): by an administrator, or by an API token (`actorRole` integration, `apiTokenId`).',
  // Stations, by administrators
  'station.created': 'An administrator created a station.',
  'station.updated': 'An administrator changed a station: `fields` names what changed.',
  'station.deleted': 'An administrator deleted a station.',
  'station.imported': 'An administrator imported stations (`created`, `skipped`, `total`).',
  'station.assignments_cleared': "An administrator cleared every member's seat (`count` members).",
  // The department's settings, by administrators
  'settings.changed': "An administrator changed the department's settings: `settings` names which.",
  // API tokens for integrations, by administrators
  'integration.token_created': 'An administrator created an API token (`apiTokenId`, `scopes`); never its secret.',
  'integration.token_revoked': 'An administrator revoked an API token (`apiTokenId`).',
  'integration.webhook_created':
    'An administrator registered a webhook endpoint (`webhookId`, `events`); never its signing secret.',
  'integration.webhook_secret_rotated': "An administrator replaced a webhook endpoint's signing secret (`webhookId`).",
  'integration.webhook_deleted': 'An administrator deleted a webhook endpoint (`webhookId`).',
  // Bid sessions
  'session.created': 'An administrator created a bid session.',
  'session.updated': 'An administrator changed a bid session: `fields` names what changed.',
  'session.deleted': 'An administrator deleted a bid session.',
  'session.participants_changed':
    'An administrator added or removed participants before the start (`added`, `removed`).',
  'session.started':
    'A session started: by an administrator, or by the turn clock at its scheduled time (`actorRole` system).',
  'session.paused': 'An administrator paused a session.',
  'session.resumed': 'An administrator resumed a session.',
  'session.ended': 'An administrator ended a session before its last turn.',
  'session.completed': "A session's last turn ended and the session completed by itself.",
  'session.rewound': "An administrator rewound a session to a member's turn (`reason`, `turnsUndone`).",
  'session.moved_to_back': 'An administrator sent the turn holder to the back of the queue.',
  'session.phone_in_bid': 'An administrator placed a bid for a member (a phone-in bid) and the seat it won.',
} as const;

export type AuditEvent = keyof typeof AUDIT_EVENTS;

/**
 * Who did it: a member in their role, the turn clock (`system`), another system with an API token
 * (`integration`), or nobody signed in (`anonymous`).
 */
export type AuditRole = 'admin' | 'member' | 'system' | 'integration' | 'anonymous';

/**
 * What a line may say besides its event and message: ids, names of fields, counts, reasons. Nothing
 * else can be passed: no values of member fields, no credentials.
 */
export interface AuditFields {
  actorId: string | null;
  actorRole: AuditRole;
  /** The member the event is about (the one signed in, edited, bid for). */
  memberId?: string | null;
  sessionId?: string;
  stationId?: string | null;
  /** The e-mail a sign-in or reset was asked for, hashed (hashEmail): an unknown e-mail has no member. */
  emailHash?: string;
  clientAddress?: string;
  reason?: string;
  scope?: 'account' | 'address';
  retryAfterSeconds?: number;
  /** Names of the fields an edit changed, never their values. */
  fields?: readonly string[];
  /** Names of the department settings changed. */
  settings?: readonly string[];
  role?: 'admin' | 'member';
  purpose?: string;
  /** How a sign-in was made: with a password, or through single sign-on. */
  method?: 'password' | 'single_sign_on';
  status?: string;
  turnsUndone?: number;
  seat?: { stationId: string; stationNumber: number; shift: string; seatPosition: string };
  created?: number;
  updated?: number;
  deactivated?: number;
  skipped?: number;
  total?: number;
  count?: number;
  added?: number;
  removed?: number;
  fileName?: string;
  /** An API token's id (never its secret) and the scopes it was given. */
  apiTokenId?: string;
  scopes?: readonly string[];
  /** A webhook endpoint's id (never its secret) and the events it chose. */
  webhookId?: string;
  events?: readonly string[];
}

/** The actor fields of a signed-in member. */
export function auditActor(member: { id: string; isAdmin: boolean }): Pick<AuditFields, 'actorId' | 'actorRole'> {
  return { actorId: member.id, actorRole: member.isAdmin ? 'admin' : 'member' };
}

export const SYSTEM_AUDIT_ACTOR = { actorId: null, actorRole: 'system' } as const satisfies Pick<
  AuditFields,
  'actorId' | 'actorRole'
>;

export const ANONYMOUS_AUDIT_ACTOR = { actorId: null, actorRole: 'anonymous' } as const satisfies Pick<
  AuditFields,
  'actorId' | 'actorRole'
>;

/**
 * An e-mail as a sign-in line names it: the first 16 hex digits of the SHA-256 of its lower-case
 * form. An operator asked about an address finds its lines with
 * `printf '%s' 'name@example.org' | sha256sum | cut -c1-16`.
 */
export function hashEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}

/** Writes one audit line at `info`. Call it after the change's transaction has committed. */
export function audit(
  log: FastifyBaseLogger | undefined,
  event: AuditEvent,
  fields: AuditFields,
  message: string,
): void {
  log?.info({ event, ...fields }, message);
}
