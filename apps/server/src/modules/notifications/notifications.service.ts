/**
 * A member's in-app notifications and recent activity (docs/api.md, "users"). The bid engine
 * and the other modules write them; this module only reads them and marks notifications read,
 * always for the signed-in member alone: someone else's notification is "not found", so its
 * existence is never revealed.
 */
import {
  type Activity,
  type MarkNotificationReadResponse,
  NOTIFICATION_MESSAGES,
  type NotificationsResponse,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { presentActivity, presentNotification } from './notification-presenter.ts';
import {
  countUnreadNotifications,
  listMemberActivities,
  listMemberNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.repository.ts';

export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async listNotifications(memberId: string, limit: number): Promise<NotificationsResponse> {
    const [rows, unreadCount] = await Promise.all([
      listMemberNotifications(this.db, memberId, limit),
      countUnreadNotifications(this.db, memberId),
    ]);
    return { notifications: rows.map(presentNotification), unreadCount };
  }

  /** Idempotent: marking a read notification read again answers it unchanged. */
  async markRead(memberId: string, notificationId: string): Promise<MarkNotificationReadResponse> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await markNotificationRead(tx, memberId, notificationId, now);
      if (!row) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notificationNotFound);
      return { notification: presentNotification(row), unreadCount: await countUnreadNotifications(tx, memberId) };
    });
  }

  async markAllRead(memberId: string): Promise<{ unreadCount: number }> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await markAllNotificationsRead(tx, memberId, now);
      // Counted rather than assumed: one written by a turn starting meanwhile is still unread.
      return { unreadCount: await countUnreadNotifications(tx, memberId) };
    });
  }

  async recentActivity(memberId: string, limit: number): Promise<{ activities: Activity[] }> {
    const rows = await listMemberActivities(this.db, memberId, limit);
    return { activities: rows.map(presentActivity) };
  }
}
