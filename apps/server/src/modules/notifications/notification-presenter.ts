/**
 * How notification and activity rows are sent: the API's shapes
 * (packages/domain/src/schemas/notifications.ts), not the tables'. Stored text columns are narrowed
 * to the values the schema allows.
 */
import {
  ACTIVITY_TYPES,
  type Activity,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  SHIFTS,
  type UserNotification,
} from '@stationbid/domain';
import type { ActivityRow, NotificationRow } from './notifications.repository.ts';

/**
 * Narrows a stored text column to one of its known values. Only those are written (type and
 * status by the table's checks, the shift by the bid engine), so anything else is a bug to report.
 */
function knownValue<T extends string>(allowed: readonly T[], value: string, column: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`unexpected ${column} "${value}"`);
}

export function presentNotification(row: NotificationRow): UserNotification {
  return {
    id: row.id,
    _id: row.id,
    type: knownValue(NOTIFICATION_TYPES, row.type, 'notification type'),
    status: knownValue(NOTIFICATION_STATUSES, row.status, 'notification status'),
    title: row.title,
    message: row.message,
    assignedStation: row.assignedStationNumber,
    assignedShift: row.assignedShift === null ? null : knownValue(SHIFTS, row.assignedShift, 'shift'),
    sessionId: row.sessionId,
    timestamp: row.createdAt.toISOString(),
  };
}

export function presentActivity(row: ActivityRow): Activity {
  return {
    id: String(row.id),
    type: knownValue(ACTIVITY_TYPES, row.type, 'activity type'),
    title: row.title,
    description: row.description,
    timestamp: row.createdAt.toISOString(),
  };
}
