/** @stationbid/domain: the rules, limits, messages and API schemas shared by server and web. */

export * from './bid-engine/apply-command.ts';
export * from './bid-engine/messages.ts';
export * from './bid-engine/queue-order.ts';
export * from './bid-engine/seat-availability.ts';
export * from './bid-engine/session-statistics.ts';
export * from './bid-engine/types.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './schemas/auth.ts';
export * from './schemas/bid-preferences.ts';
export * from './schemas/bid-session.ts';
export * from './schemas/chat.ts';
export * from './schemas/common.ts';
export * from './schemas/health.ts';
export * from './schemas/live.ts';
export * from './schemas/member-admin.ts';
export * from './schemas/notifications.ts';
export * from './schemas/profile.ts';
export * from './schemas/station.ts';
export * from './schemas/user.ts';
export * from './seniority.ts';
export * from './seniority-report.ts';
export * from './spreadsheet-import.ts';
