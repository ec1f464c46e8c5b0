/**
 * The live stream (issue 5, "Time and live updates"): one Server-Sent Events stream per browser
 * tab carries the events of every session the tab watches. The stream is opened with a short-lived
 * ticket rather than the access token, so no long-lived token ever appears in an address.
 */
import { z } from 'zod';
import { chatMessageSchema } from './chat.ts';
import { boardHeadSchema, boardPickSchema, seatCountChangeSchema } from './session-board.ts';

/** How long a live-stream ticket can be used to open a stream. */
export const LIVE_TICKET_LIFETIME_SECONDS = 30;
/** The most sessions one stream watches (a tab shows a handful at most). */
export const LIVE_STREAM_MAX_SESSIONS = 20;
/** Every so often the stream sends a comment, so proxies and browsers keep an idle stream open. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** What the browser waits before reconnecting a dropped stream by itself (the SSE `retry:` field). */
export const LIVE_RETRY_MS = 2000;

/**
 * Open live streams one member may hold in one server process (issue 13, finding 8); one more is
 * refused with 429, so tabs already open keep theirs.
 */
export const LIVE_STREAMS_PER_MEMBER = 5;

export const LIVE_MESSAGES = {
  sessionsInvalid: `sessions must list at most ${LIVE_STREAM_MAX_SESSIONS} bid session ids, separated by commas`,
  ticketRequired: 'A live-stream ticket is required',
  ticketInvalid: 'This live-stream ticket is not valid. Ask for a new one.',
  /** A ticket opens one stream (issue 13, finding 8); a reconnect asks for a new one. */
  ticketUsed: 'This live-stream ticket was already used. Ask for a new one.',
  tooManyStreams: `You have ${LIVE_STREAMS_PER_MEMBER} live connections open already. Close a StationBid tab or window, then try again.`,
} as const;

/** POST /api/live/ticket */
export const liveTicketResponseSchema = z.object({
  ticket: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type LiveTicketResponse = z.infer<typeof liveTicketResponseSchema>;

/** GET /api/live/stream?ticket=...&sessions=<id>,<id> */
export const liveStreamQuerySchema = z.object({
  /** Optional here so that a missing ticket is a 401 like a bad one, not a validation answer. */
  ticket: z.string().optional(),
  /**
   * Optional: a tab that follows no session still opens a stream, for the member's own events
   * (`notifications.created`), so the unread count follows on every page.
   */
  sessions: z
    .string({ error: LIVE_MESSAGES.sessionsInvalid })
    .optional()
    .transform((list) =>
      list === undefined || list.trim() === '' ? [] : [...new Set(list.split(',').map((id) => id.trim()))],
    )
    .pipe(z.array(z.uuid({ error: LIVE_MESSAGES.sessionsInvalid })).max(LIVE_STREAM_MAX_SESSIONS)),
});

/** A seat named in a session event (the seat a bid or an automatic assignment gave). */
export const liveSeatSchema = z.object({
  seatId: z.string(),
  stationId: z.string(),
  stationNumber: z.number(),
  stationName: z.string(),
  shift: z.string(),
  seatPosition: z.string(),
});

/**
 * An engine step changed a session: one event per history entry the step wrote (bid_submitted,
 * turn_skipped, moved_to_back, auto_assigned, session_started, session_paused, session_resumed,
 * session_completed). Every event of one step carries the session's new `version` and what the
 * step changed of the shared board (docs/decisions/012-session-board.md): its new head, the seat
 * groups whose free count changed, and, on an award, the pick. Clients patch their board with
 * `applySessionChange` and read it again only when a version is missing. A step whose seat changes
 * are too many to list (a start that clears every assignment) sends no `board`, which tells
 * clients to read the board again.
 */
export const sessionChangedEventSchema = z.object({
  type: z.literal('session.changed'),
  sessionId: z.string(),
  action: z.string(),
  /** When the step happened, ISO 8601 in UTC. */
  at: z.string(),
  participantId: z.string().optional(),
  seat: liveSeatSchema.optional(),
  /** Who acted: a member's or administrator's name, or "system" for the turn clock. */
  actorName: z.string().optional(),
  /** The session's version after the step; all events of one step share it. */
  version: z.number().int().optional(),
  board: boardHeadSchema.optional(),
  seatCounts: z.array(seatCountChangeSchema).optional(),
  pick: boardPickSchema.optional(),
});
export type SessionChangedEvent = z.infer<typeof sessionChangedEventSchema>;

/** A chat message was posted in a session. */
export const chatMessageEventSchema = z.object({
  type: z.literal('chat.message'),
  sessionId: z.string(),
  at: z.string(),
  message: chatMessageSchema,
});
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;

/** How many members one `notifications.created` event names between server processes (NOTIFY's 8 kB). */
export const NOTIFICATION_EVENT_MAX_MEMBERS = 150;

/**
 * Notifications were stored for these members (their turn began, they won a seat, the session
 * completed). It goes to the members' own streams, whatever sessions they watch, so the unread
 * count and the turn indicators follow on every page. Between server processes it names up to
 * NOTIFICATION_EVENT_MAX_MEMBERS members; a stream receives it with its own member only, so no
 * member learns who else was notified.
 */
export const notificationsCreatedEventSchema = z.object({
  type: z.literal('notifications.created'),
  /** The session whose step made the notifications. */
  sessionId: z.string(),
  at: z.string(),
  memberIds: z.array(z.string()).min(1).max(NOTIFICATION_EVENT_MAX_MEMBERS),
});
export type NotificationsCreatedEvent = z.infer<typeof notificationsCreatedEventSchema>;

/**
 * The member saved their bid preferences (their ranked list), on any device. It goes to that
 * member's own streams only, whatever sessions they watch, so their other tabs and devices read the
 * list again instead of showing (and saving back) an old copy. Not tied to a session.
 */
export const preferencesChangedEventSchema = z.object({
  type: z.literal('preferences.changed'),
  memberId: z.string(),
  /** The preferences' version after the save (schemas/bid-preferences.ts). */
  version: z.number().int().min(0),
});
export type PreferencesChangedEvent = z.infer<typeof preferencesChangedEventSchema>;

/** Everything the live stream sends, as the `data:` of an SSE `message` event. */
export const liveEventSchema = z.discriminatedUnion('type', [
  sessionChangedEventSchema,
  chatMessageEventSchema,
  notificationsCreatedEventSchema,
  preferencesChangedEventSchema,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
