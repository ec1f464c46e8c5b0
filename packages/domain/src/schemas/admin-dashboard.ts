/**
 * The administrators' dashboard (the /admin/dashboard page; docs/api.md, "admin"): the
 * department's figures, who is online, what everyone did lately, and the data export. Every figure
 * is counted from the database when asked; nothing is stored twice.
 */
import { z } from 'zod';
import { DISPLAY_COUNTS, PROFESSIONAL_POSITIONS, RANKS } from '../constants.ts';
import { activitySchema } from './notifications.ts';

/** A member counts as online when the API saw them (any signed-in request) within this window. */
export const ONLINE_WINDOW_MINUTES = 5;

/** `?limit=` defaults (what the dashboard shows, DISPLAY_COUNTS in constants.ts) and the most one may ask for. */
export const ADMIN_DASHBOARD_LIMITS = {
  onlineUsersDefault: DISPLAY_COUNTS.adminOnlineUsers,
  onlineUsersMax: 50,
  activitiesDefault: DISPLAY_COUNTS.adminActivities,
  activitiesMax: 50,
} as const;

/** The sheets of GET /admin/export, an .xlsx workbook. */
export const ADMIN_EXPORT_SHEETS = { members: 'Members', stations: 'Stations' } as const;

const count = z.number().int().nonnegative();

/** GET /admin/stats. */
export const adminStatsSchema = z.object({
  members: z.object({
    total: count,
    active: count,
    inactive: count,
    /** Active members who have not set a password yet. */
    pending: count,
    /** Active administrators. */
    admins: count,
  }),
  /** Active members seen within the online window. */
  onlineMembers: count,
  stations: z.object({ total: count, active: count }),
  /** Seats of active stations, and how many of them a member holds. */
  seats: z.object({
    total: count,
    filled: count,
    /** filled / total as a whole percentage; 0 when there are no seats. */
    fillRate: count,
  }),
  sessions: z.object({
    total: count,
    draft: count,
    scheduled: count,
    active: count,
    paused: count,
    completed: count,
  }),
  /** Accepted bids and automatic awards, all time and over the last day and week. */
  bids: z.object({ total: count, last24Hours: count, last7Days: count }),
  /** When these figures were counted (server time, ISO 8601 UTC). */
  countedAt: z.string(),
  // The same figures as flat keys, as the spec's client reads them.
  /** Every member, active or not (= members.total). */
  totalUsers: count,
  /** Active members (= members.active). */
  activeUsers: count,
  /** Every station, active or not (= stations.total). */
  totalStations: count,
  /** Sessions under way: active or paused (the spec's dashboard treats both as current). */
  activeBidSessions: count,
  /** Completed sessions (= sessions.completed). */
  completedBidSessions: count,
  /** Active members still waiting to set up their account (= members.pending). */
  pendingApprovals: count,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/**
 * GET /admin/stats: every figure in `stats` (the web app's), and the spec's flat keys once more at
 * the top level, where the spec's client reads them.
 */
export const adminStatsResponseSchema = adminStatsSchema
  .pick({
    totalUsers: true,
    activeUsers: true,
    totalStations: true,
    activeBidSessions: true,
    completedBidSessions: true,
    pendingApprovals: true,
  })
  .extend({ stats: adminStatsSchema });
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

const limitMessage = (max: number) => `limit must be a whole number from 1 to ${max}`;
const limitSchema = (fallback: number, max: number) =>
  z.coerce
    .number({ error: limitMessage(max) })
    .int(limitMessage(max))
    .min(1, limitMessage(max))
    .max(max, limitMessage(max))
    .default(fallback);

/** GET /admin/online-users?limit=. */
export const onlineUsersQuerySchema = z.object({
  limit: limitSchema(ADMIN_DASHBOARD_LIMITS.onlineUsersDefault, ADMIN_DASHBOARD_LIMITS.onlineUsersMax),
});

export const onlineUserSchema = z.object({
  id: z.string(),
  /** The spec's name for `id`. */
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  rank: z.enum(RANKS),
  position: z.enum(PROFESSIONAL_POSITIONS),
  isAdmin: z.boolean(),
  /** The last time the API saw the member (recorded at most once a minute). */
  lastSeenAt: z.string(),
  /** Always true here (the spec's client reads it). */
  isOnline: z.literal(true),
});
export type OnlineUser = z.infer<typeof onlineUserSchema>;

/** The most recently seen first; `total` counts every online member, beyond the `limit` listed. */
export const onlineUsersResponseSchema = z.object({ users: z.array(onlineUserSchema), total: count });
export type OnlineUsersResponse = z.infer<typeof onlineUsersResponseSchema>;

/** GET /admin/recent-activity?limit=. */
export const adminActivityQuerySchema = z.object({
  limit: limitSchema(ADMIN_DASHBOARD_LIMITS.activitiesDefault, ADMIN_DASHBOARD_LIMITS.activitiesMax),
});

/** An activity of any member, with whose it is and who did it (an administrator's phone-in bid). */
export const adminActivitySchema = activitySchema.extend({
  /** The member the entry belongs to; null when the member was deleted since. */
  memberId: z.string().nullable(),
  /** That member's name now; null when the member was deleted since. */
  memberName: z.string().nullable(),
  /** Who did it, as recorded then: the member, an administrator, or "system". */
  actorName: z.string(),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;

export const adminActivityResponseSchema = z.object({ activities: z.array(adminActivitySchema) });
export type AdminActivityResponse = z.infer<typeof adminActivityResponseSchema>;
