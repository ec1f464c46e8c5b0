/**
 * The administrators' dashboard: the department's figures, who is online, everyone's recent
 * activity, and the export of members and stations. Read-only: every figure is counted when asked,
 * members and stations are presented exactly as their own screens present them.
 */
import {
  type AdminActivity,
  type AdminStats,
  type AdminStatsResponse,
  BID_SESSION_STATUSES,
  ONLINE_WINDOW_MINUTES,
  type OnlineUsersResponse,
  type ProfessionalPosition,
  type Rank,
  type Station,
  type User,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { listRecentActivities } from '../activity/activity.repository.ts';
import { presentActivity } from '../notifications/notification-presenter.ts';
import type { StationsService } from '../stations/stations.service.ts';
import { loadBidPriorities, presentUser } from '../users/user-presenter.ts';
import { listMembersWithSeat } from '../users/users.repository.ts';
import { countBids, countMembers, countSessionsByStatus, listOnlineMembers } from './admin-dashboard.repository.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Administrators read every station, inactive ones included. */
const ADMIN_READER = { isAdmin: true };

export class AdminDashboardService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly stationsService: StationsService,
  ) {}

  /**
   * GET /admin/stats: the figures in `stats`, and the spec's flat keys again at the top level, where
   * the spec's client reads them (`response.data.totalUsers`).
   */
  async statsAnswer(): Promise<AdminStatsResponse> {
    const stats = await this.stats();
    const { totalUsers, activeUsers, totalStations, activeBidSessions, completedBidSessions, pendingApprovals } = stats;
    return {
      totalUsers,
      activeUsers,
      totalStations,
      activeBidSessions,
      completedBidSessions,
      pendingApprovals,
      stats,
    };
  }

  async stats(): Promise<AdminStats> {
    const now = this.clock.now();
    // Separate reads, not one transaction: PGlite has one connection, and a dashboard figure a
    // moment older than its neighbour is harmless.
    const [memberCounts, sessionCounts, bidCounts, stations] = await Promise.all([
      countMembers(this.db, this.onlineSince(now)),
      countSessionsByStatus(this.db),
      countBids(this.db, { day: new Date(now.getTime() - DAY_MS), week: new Date(now.getTime() - 7 * DAY_MS) }),
      this.stationsService.list(ADMIN_READER, { includeInactive: true }),
    ]);
    const activeStations = stations.filter((station) => station.isActive);
    const totalSeats = sum(activeStations.map((station) => station.totalCapacity));
    const filledSeats = sum(activeStations.map((station) => station.totalOccupancy));
    const sessions = Object.fromEntries(BID_SESSION_STATUSES.map((status) => [status, 0])) as Record<
      (typeof BID_SESSION_STATUSES)[number],
      number
    >;
    for (const { status, count } of sessionCounts) {
      if (status in sessions) sessions[status as keyof typeof sessions] = count;
    }
    const stationCount = stations.length;
    return {
      members: {
        total: memberCounts.total,
        active: memberCounts.active,
        inactive: memberCounts.total - memberCounts.active,
        pending: memberCounts.pending,
        admins: memberCounts.admins,
      },
      onlineMembers: memberCounts.online,
      stations: { total: stations.length, active: activeStations.length },
      seats: {
        total: totalSeats,
        filled: filledSeats,
        fillRate: totalSeats === 0 ? 0 : Math.round((filledSeats / totalSeats) * 100),
      },
      sessions: { total: sum(sessionCounts.map((row) => row.count)), ...sessions },
      bids: { total: bidCounts.total, last24Hours: bidCounts.lastDay, last7Days: bidCounts.lastWeek },
      countedAt: now.toISOString(),
      totalUsers: memberCounts.total,
      activeUsers: memberCounts.active,
      totalStations: stationCount,
      activeBidSessions: sessions.active + sessions.paused,
      completedBidSessions: sessions.completed,
      pendingApprovals: memberCounts.pending,
    };
  }

  async onlineUsers(limit: number): Promise<OnlineUsersResponse> {
    const now = this.clock.now();
    const since = this.onlineSince(now);
    const [rows, counts] = await Promise.all([listOnlineMembers(this.db, since, limit), countMembers(this.db, since)]);
    return {
      users: rows.map((row) => ({
        id: row.id,
        _id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        rank: row.rank as Rank,
        position: row.position as ProfessionalPosition,
        isAdmin: row.isAdmin,
        // Never null here: the query asks for a time after `since`.
        lastSeenAt: (row.lastSeenAt ?? now).toISOString(),
        isOnline: true as const,
      })),
      total: counts.online,
    };
  }

  async recentActivity(limit: number): Promise<AdminActivity[]> {
    const rows = await listRecentActivities(this.db, limit);
    return rows.map(({ activity, member }) => ({
      ...presentActivity(activity),
      memberId: activity.memberId,
      memberName: member === null ? null : `${member.firstName} ${member.lastName}`,
      actorName: activity.actorName,
    }));
  }

  /** Every member and every station, as the management screens show them, for the export workbook. */
  async exportData(): Promise<{ members: User[]; stations: Station[]; exportedAt: Date }> {
    const now = this.clock.now();
    const [rows, priorities, stations] = await Promise.all([
      listMembersWithSeat(this.db),
      loadBidPriorities(this.db),
      this.stationsService.list(ADMIN_READER, { includeInactive: true }),
    ]);
    const members = rows.map((row) => presentUser(row, priorities.get(row.member.id) ?? null, now));
    return { members, stations, exportedAt: now };
  }

  private onlineSince(now: Date): Date {
    return new Date(now.getTime() - ONLINE_WINDOW_MINUTES * MINUTE_MS);
  }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
