/**
 * Who may call each route: one declaration per method and path, next to the route table, read by
 * the authorization matrix test (route-access.test.ts). That test tries every route the app
 * registers as anonymous, member, other member, deactivated member and administrator, and fails
 * for a route without a declaration here, so a new route cannot ship without saying who may use it.
 *
 * - `member`: the subject or a participant of what the path names (the matrix's own session,
 *   station and member); `otherMember`: a signed-in member who is neither.
 * - `allowed` means the guard let the request through (the answer is not 401, 403 or 404: it may
 *   still be 400 for the body the matrix sends). A deactivated member's token answers 403
 *   (ACCOUNT_DEACTIVATED) everywhere a token is needed.
 */
import type { ApiTokenScope } from '@stationbid/domain';

export type RouteRole = 'anonymous' | 'member' | 'otherMember' | 'deactivated' | 'admin';
export type RouteAnswer = 'allowed' | 401 | 403 | 404;
export type RouteAccess = Readonly<Record<RouteRole, RouteAnswer>>;

/** Anyone: sign-in, tokens, password reset, health, the OpenAPI document, the record key and verifier. */
const PUBLIC: RouteAccess = {
  anonymous: 'allowed',
  member: 'allowed',
  otherMember: 'allowed',
  deactivated: 'allowed',
  admin: 'allowed',
};
/** Any active signed-in member. A deactivated member's token answers 403 (ACCOUNT_DEACTIVATED). */
const MEMBER: RouteAccess = {
  anonymous: 401,
  member: 'allowed',
  otherMember: 'allowed',
  deactivated: 403,
  admin: 'allowed',
};
/**
 * Participants of the session named in the path, and administrators; to anyone else the session's
 * results and chat do not exist (404).
 */
const PARTICIPANT: RouteAccess = {
  anonymous: 401,
  member: 'allowed',
  otherMember: 404,
  deactivated: 403,
  admin: 'allowed',
};
/** Participants and administrators; anyone else is refused (403). */
const PARTICIPANT_REFUSED: RouteAccess = {
  anonymous: 401,
  member: 'allowed',
  otherMember: 403,
  deactivated: 403,
  admin: 'allowed',
};
/** Administrators only. */
const ADMIN: RouteAccess = { anonymous: 401, member: 403, otherMember: 403, deactivated: 403, admin: 'allowed' };
/** The live stream takes a ticket, not a token: without one, nobody. */
const TICKET: RouteAccess = { anonymous: 401, member: 401, otherMember: 401, deactivated: 401, admin: 401 };
/** Self-registration, closed unless ALLOW_SELF_REGISTRATION=true (closed in the matrix). */
const REGISTRATION_CLOSED: RouteAccess = {
  anonymous: 403,
  member: 403,
  otherMember: 403,
  deactivated: 403,
  admin: 403,
};

/** Keyed by `METHOD /path` as Fastify registers it (HEAD routes follow their GET). */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'GET /api/docs': PUBLIC,
  'GET /api/health': PUBLIC,
  'GET /api/health/ready': PUBLIC,

  'POST /api/live/ticket': MEMBER,
  'GET /api/live/stream': TICKET,

  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/refresh': PUBLIC,
  'POST /api/auth/logout': MEMBER,
  'GET /api/auth/me': MEMBER,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/reset-password/:token': PUBLIC,
  'POST /api/auth/register': REGISTRATION_CLOSED,
  // Single sign-on: the button, the provider's round trip and the code's exchange are for anyone
  // (each refusal is a redirect to the web's page); its settings are the administrators'.
  'GET /api/auth/oidc/config': PUBLIC,
  'GET /api/auth/oidc/start': PUBLIC,
  'GET /api/auth/oidc/callback': PUBLIC,
  'POST /api/auth/oidc/exchange': PUBLIC,
  'GET /api/admin/single-sign-on': ADMIN,
  'PUT /api/admin/single-sign-on': ADMIN,

  'GET /api/stations': MEMBER,
  'POST /api/stations': ADMIN,
  'GET /api/stations/available': MEMBER,
  'GET /api/stations/available/positions': MEMBER,
  'POST /api/stations/clear-all-assignments': ADMIN,
  'GET /api/stations/:id': MEMBER,
  'PUT /api/stations/:id': ADMIN,
  'DELETE /api/stations/:id': ADMIN,
  'GET /api/stations/:id/availability': MEMBER,
  'GET /api/stations/:id/positions': MEMBER,
  'POST /api/admin/import-stations': ADMIN,

  'GET /api/admin/stats': ADMIN,
  'GET /api/admin/online-users': ADMIN,
  'GET /api/admin/recent-activity': ADMIN,
  'GET /api/admin/export': ADMIN,
  'GET /api/admin/users': ADMIN,
  'POST /api/admin/users': ADMIN,
  'PUT /api/admin/users/:id': ADMIN,
  'DELETE /api/admin/users/:id': ADMIN,
  'PUT /api/admin/users/:id/station': ADMIN,
  'POST /api/admin/users/:id/reactivate': ADMIN,
  'PUT /api/admin/users/:id/password': ADMIN,
  'POST /api/admin/users/:id/unlock': ADMIN,
  'POST /api/admin/import-users': ADMIN,
  'GET /api/admin/import-jobs/:id': ADMIN,
  // Roster sync: administrators, and API tokens with roster:write (ROUTE_SCOPES).
  'PUT /api/admin/roster': ADMIN,
  'GET /api/admin/roster/jobs': ADMIN,
  'GET /api/admin/roster/jobs/:id': ADMIN,
  'DELETE /api/admin/delete-completed-session': ADMIN,

  'GET /api/users/profile': MEMBER,
  'PUT /api/users/profile': MEMBER,
  'GET /api/users/preferences': MEMBER,
  'GET /api/users/calendar-token': MEMBER,
  'POST /api/users/calendar-token': MEMBER,
  'DELETE /api/users/calendar-token': MEMBER,
  // The feed's token is its credential: no sign-in (an unknown token is 404, as for anyone).
  'GET /api/calendar/:token.ics': PUBLIC,
  'GET /api/admin/rotation': ADMIN,
  'PUT /api/admin/rotation': ADMIN,
  // The department's time zone: read by every screen that names it, set by administrators.
  'GET /api/department-settings': MEMBER,
  'PUT /api/admin/department-settings': ADMIN,
  'DELETE /api/admin/department-settings': ADMIN,

  // The department's certification catalogue: administrators only.
  'GET /api/admin/certifications': ADMIN,
  'POST /api/admin/certifications': ADMIN,
  'PUT /api/admin/certifications/:id': ADMIN,
  'DELETE /api/admin/certifications/:id': ADMIN,

  // The department's seniority rule: administrators only (members see its effect on the seniority page).
  'GET /api/admin/seniority-rule': ADMIN,
  'PUT /api/admin/seniority-rule': ADMIN,
  'PUT /api/users/preferences': MEMBER,
  'PUT /api/users/change-password': MEMBER,
  'GET /api/users/seniority': MEMBER,
  'GET /api/users/bid-status': MEMBER,
  'GET /api/users/bid-history': MEMBER,
  'GET /api/users/notifications': MEMBER,
  'POST /api/users/notifications': MEMBER,
  'POST /api/users/notifications/read-all': MEMBER,
  'GET /api/users/recent-activity': MEMBER,

  'GET /api/bid-sessions': MEMBER,
  'POST /api/bid-sessions': ADMIN,
  'GET /api/bid-sessions/current': MEMBER,
  'GET /api/bid-sessions/history': MEMBER,
  'POST /api/bid-sessions/start-session': ADMIN,
  'POST /api/bid-sessions/session-actions': ADMIN,
  'POST /api/bid-sessions/submit-bid': MEMBER,
  'POST /api/bid-sessions/skip-turn': PARTICIPANT_REFUSED,
  'POST /api/bid-sessions/check-time-expiration': PARTICIPANT_REFUSED,
  'GET /api/bid-sessions/:id': MEMBER,
  'PUT /api/bid-sessions/:id': ADMIN,
  'DELETE /api/bid-sessions/:id': ADMIN,
  'GET /api/bid-sessions/:id/board': MEMBER,
  'GET /api/bid-sessions/:id/forecast': MEMBER,
  'POST /api/bid-sessions/:id/start': ADMIN,
  'POST /api/bid-sessions/:id/pause': ADMIN,
  'POST /api/bid-sessions/:id/resume': ADMIN,
  'POST /api/bid-sessions/:id/end': ADMIN,
  'POST /api/bid-sessions/:id/move-to-back': ADMIN,
  'POST /api/bid-sessions/:id/send-reminders': ADMIN,
  'GET /api/bid-sessions/:id/participants': MEMBER,
  'POST /api/bid-sessions/:id/participants': ADMIN,
  'DELETE /api/bid-sessions/:id/participants/:userId': ADMIN,
  'GET /api/bid-sessions/:id/participants/:userId/certifications': ADMIN,
  'GET /api/bid-sessions/:id/my-participation': MEMBER,
  'POST /api/bid-sessions/:id/join': MEMBER,
  'GET /api/bid-sessions/:id/results': PARTICIPANT,
  // The matrix's session is a draft: members cannot see it at all (404), an administrator is told
  // it has no record before it starts (409, which counts as let through).
  'GET /api/bid-sessions/:id/record': {
    anonymous: 401,
    member: 404,
    otherMember: 404,
    deactivated: 403,
    admin: 'allowed',
  },
  // Public: what anyone holding a record checks it against, and with (no secret in either).
  'GET /api/record-key': PUBLIC,
  'GET /api/verifier.mjs': PUBLIC,
  'GET /api/bid-sessions/:id/results.pdf': PARTICIPANT,
  'GET /api/bid-sessions/:id/export-status': ADMIN,
  'GET /api/bid-sessions/:id/seniority-check': ADMIN,
  'GET /api/bid-sessions/:id/start-check': ADMIN,
  'GET /api/bid-sessions/:id/delivery-log': ADMIN,
  'GET /api/bid-sessions/:id/next-in-queue': ADMIN,
  'POST /api/bid-sessions/:id/simulate': ADMIN,
  'POST /api/bid-sessions/:id/rewind': ADMIN,
  'GET /api/bid-sessions/:id/rewind-preview': ADMIN,
  'POST /api/bid-sessions/:id/export': PARTICIPANT,
  'POST /api/bid-sessions/:id/check-time-expiration': PARTICIPANT_REFUSED,

  'GET /api/notifications/preferences': MEMBER,
  'PUT /api/notifications/preferences': MEMBER,
  'PUT /api/notifications/phone': MEMBER,
  'DELETE /api/notifications/offer': MEMBER,
  'POST /api/notifications/management': ADMIN,
  'GET /api/push/public-key': PUBLIC,
  'POST /api/push/subscriptions': MEMBER,
  'DELETE /api/push/subscriptions': MEMBER,

  'GET /api/chat/session/:id/messages': PARTICIPANT,
  'GET /api/chat/session/:id/history': PARTICIPANT,
  'GET /api/chat/session/:id/unread-count': PARTICIPANT,
  'POST /api/chat/send': MEMBER,
  'POST /api/chat/mark-read': MEMBER,

  // Integrations' API tokens: administrators only; no scope admits a token, so tokens cannot make tokens.
  'GET /api/admin/api-tokens': ADMIN,
  'POST /api/admin/api-tokens': ADMIN,
  'DELETE /api/admin/api-tokens/:id': ADMIN,
  // Webhooks: administrators only; no scope admits a token, so an integration cannot choose where events go.
  'GET /api/admin/webhooks': ADMIN,
  'POST /api/admin/webhooks': ADMIN,
  'GET /api/admin/webhooks/deliveries': ADMIN,
  'PUT /api/admin/webhooks/:id': ADMIN,
  'POST /api/admin/webhooks/:id/rotate-secret': ADMIN,
  'POST /api/admin/webhooks/:id/test': ADMIN,
  'DELETE /api/admin/webhooks/:id': ADMIN,
};

/**
 * The scope column of the matrix: the routes an API token (`Authorization: Bearer sbt_...`) may
 * call, each with the one scope it needs; the route's guard is `app.requireScope(scope, ...)`, which
 * leaves members' access as ROUTE_ACCESS declares it. Every route not listed here refuses every API
 * token (403). The matrix test tries each registered route with a token holding every scope but the
 * route's own and with one holding only its own.
 */
export const ROUTE_SCOPES: Readonly<Record<string, ApiTokenScope>> = {
  'GET /api/bid-sessions': 'sessions:read',
  'GET /api/bid-sessions/:id': 'sessions:read',
  'GET /api/bid-sessions/:id/results': 'results:read',
  // The .xlsx export: a read, though its route is a POST.
  'POST /api/bid-sessions/:id/export': 'results:read',
  // The printed bid sheet and the signed record: the results as a union steward or auditor keeps them.
  'GET /api/bid-sessions/:id/results.pdf': 'results:read',
  'GET /api/bid-sessions/:id/record': 'results:read',
  'PUT /api/admin/roster': 'roster:write',
  'GET /api/admin/roster/jobs': 'roster:write',
  'GET /api/admin/roster/jobs/:id': 'roster:write',
};
