/**
 * The query layer's invalidations: given a cache holding one entry of every kind, each named change
 * marks exactly the entries that depend on it as stale, and leaves the others alone.
 */
import { DEFAULT_BID_PREFERENCES } from '@stationbid/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminDashboardQueryKeys, onAdminDashboardSessionStep } from '../features/admin/index.ts';
import { authQueryKeys } from '../features/auth/index.ts';
import { bidHistoryQueryKeys } from '../features/bid-history/index.ts';
import { dashboardQueryKeys } from '../features/dashboard/index.ts';
import {
  notificationQueryKeys,
  onNotificationSent,
  onNotificationSettingsSaved,
} from '../features/notifications/index.ts';
import { invalidateStations, stationQueryKeys } from '../features/stations/index.ts';
import {
  onBidPreferencesSaved,
  onMemberChanged,
  onMembersImported,
  onOwnProfileSaved,
  onStationAssigned,
  userQueryKeys,
} from '../features/users/index.ts';
import { buildUser } from '../test/fixtures.ts';
import { departmentSettingsQueryKey, onDepartmentSettingsSaved } from './department-settings-queries.ts';
import {
  invalidateBidHistory,
  memberQueryKeys,
  onMemberNotified,
  onMemberTurnMayHaveChanged,
} from './member-queries.ts';
import { createQueryClient } from './query-client.ts';
import {
  invalidateAllSessions,
  invalidateForecasts,
  invalidateMemberPlace,
  invalidateSessionLists,
  invalidateSessionReads,
  refreshAfterOwnAction,
  refreshBiddingPage,
  sessionQueryKeys,
} from './session-queries.ts';

const SESSION = 'session-a';
const OTHER = 'session-b';

/** One cached entry of every kind the app keeps, by a name the assertions use. */
const CACHED: Record<string, QueryKey> = {
  sessionList: sessionQueryKeys.list,
  currentSession: sessionQueryKeys.current,
  board: sessionQueryKeys.board(SESSION),
  otherBoard: sessionQueryKeys.board(OTHER),
  participantPages: sessionQueryKeys.participantPagesFor(SESSION, ''),
  otherParticipantPages: sessionQueryKeys.participantPagesFor(OTHER, ''),
  myParticipation: sessionQueryKeys.myParticipation(SESSION),
  otherMyParticipation: sessionQueryKeys.myParticipation(OTHER),
  history: sessionQueryKeys.history(SESSION),
  otherHistory: sessionQueryKeys.history(OTHER),
  sessionDetail: sessionQueryKeys.detail(SESSION),
  connected: sessionQueryKeys.connected(SESSION),
  forecast: sessionQueryKeys.forecastAt(SESSION, 3),
  otherForecast: sessionQueryKeys.forecastAt(OTHER, 5),
  bidStatus: dashboardQueryKeys.bidStatus,
  notifications: dashboardQueryKeys.notifications,
  activity: dashboardQueryKeys.activity,
  bidHistory: bidHistoryQueryKeys.mine,
  bidHistoryStatus: bidHistoryQueryKeys.bidStatus,
  sessionResults: bidHistoryQueryKeys.sessionResults(SESSION),
  health: dashboardQueryKeys.health,
  currentUser: authQueryKeys.currentUser,
  profile: userQueryKeys.profile,
  seniority: userQueryKeys.seniority,
  preferences: userQueryKeys.preferences,
  adminMembers: userQueryKeys.adminMembers,
  stations: stationQueryKeys.list({ includeInactive: false }),
  allStations: stationQueryKeys.list({ includeInactive: true }),
  adminStats: adminDashboardQueryKeys.stats,
  notificationSettings: notificationQueryKeys.settings,
  deliveryStatus: notificationQueryKeys.status,
  notifiableMembers: notificationQueryKeys.notifiableMembers,
  departmentSettings: departmentSettingsQueryKey,
};

let queryClient: QueryClient;
const fetchSpy = vi.fn();

beforeEach(() => {
  queryClient = createQueryClient();
  for (const key of Object.values(CACHED)) queryClient.setQueryData(key, { cached: true });
  fetchSpy.mockReset();
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The names of the cached entries now marked stale, sorted. */
function invalidated(): string[] {
  return Object.entries(CACHED)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated === true)
    .map(([name]) => name)
    .sort();
}

const sorted = (names: string[]) => [...names].sort();

describe('sessions', () => {
  it('an administrator’s change refreshes every query of every session, and nothing else', async () => {
    await invalidateAllSessions(queryClient);
    expect(invalidated()).toEqual(
      sorted([
        'sessionList',
        'currentSession',
        'board',
        'otherBoard',
        'participantPages',
        'otherParticipantPages',
        'myParticipation',
        'otherMyParticipation',
        'history',
        'otherHistory',
        'sessionDetail',
        'connected',
        'forecast',
        'otherForecast',
      ]),
    );
  });

  it('the member’s own bid refreshes that session’s board, their place in it and their bid history', async () => {
    await refreshAfterOwnAction(queryClient, SESSION);
    expect(invalidated()).toEqual(
      sorted(['board', 'myParticipation', 'bidHistory', 'bidHistoryStatus', 'sessionResults']),
    );
  });

  it('a missed version reads that session’s board, history and participant pages, not the member’s data', async () => {
    await invalidateSessionReads(queryClient, SESSION);
    expect(invalidated()).toEqual(sorted(['board', 'history', 'participantPages']));
  });

  it('a step about the member refreshes their place in that session and their own data', async () => {
    await invalidateMemberPlace(queryClient, SESSION);
    expect(invalidated()).toEqual(
      sorted([
        'myParticipation',
        'bidStatus',
        'notifications',
        'activity',
        'bidHistory',
        'bidHistoryStatus',
        'sessionResults',
      ]),
    );
  });

  it('a saved ranked list refreshes the member’s forecasts of every session, and nothing else', async () => {
    await invalidateForecasts(queryClient);
    expect(invalidated()).toEqual(sorted(['forecast', 'otherForecast']));
  });

  it('a status change refreshes the sessions list and the current session only', async () => {
    await invalidateSessionLists(queryClient);
    expect(invalidated()).toEqual(sorted(['sessionList', 'currentSession']));
  });

  it('the bidding page’s Refresh reads the sessions, the bid history and the notifications again', async () => {
    await refreshBiddingPage(queryClient);
    expect(invalidated()).toEqual(
      sorted([
        'sessionList',
        'currentSession',
        'board',
        'otherBoard',
        'participantPages',
        'otherParticipantPages',
        'myParticipation',
        'otherMyParticipation',
        'history',
        'otherHistory',
        'sessionDetail',
        'connected',
        'forecast',
        'otherForecast',
        'bidHistory',
        'bidHistoryStatus',
        'sessionResults',
        'notifications',
      ]),
    );
  });

  it('marking queries stale sends no request for a query no screen shows', async () => {
    await invalidateAllSessions(queryClient);
    await invalidateMemberPlace(queryClient, SESSION);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('the member’s own data', () => {
  it('a notification for the member refreshes their notifications, bid status and activity', async () => {
    await onMemberNotified(queryClient);
    expect(invalidated()).toEqual(sorted(['notifications', 'bidStatus', 'activity']));
  });

  it('a turn that may have moved unseen refreshes the bid status and the notifications', async () => {
    await onMemberTurnMayHaveChanged(queryClient);
    expect(invalidated()).toEqual(sorted(['notifications', 'bidStatus']));
  });

  it('a finished turn refreshes the bid history alone', async () => {
    await invalidateBidHistory(queryClient);
    expect(invalidated()).toEqual(sorted(['bidHistory', 'bidHistoryStatus', 'sessionResults']));
    expect(memberQueryKeys.bidHistory).toEqual(bidHistoryQueryKeys.all);
  });
});

describe('members and stations', () => {
  it('a saved profile replaces the profile and the signed-in member, and reads the seniority again', async () => {
    const user = buildUser({ firstName: 'Renamed' });
    await onOwnProfileSaved(queryClient, user);
    expect(invalidated()).toEqual(['seniority']);
    expect(queryClient.getQueryData(userQueryKeys.profile)).toEqual(user);
    expect(queryClient.getQueryData(authQueryKeys.currentUser)).toEqual(user);
  });

  it('a member changed by an administrator refreshes the member list; the shell’s member only if it is them', async () => {
    const signedIn = buildUser({ id: 'admin-1', firstName: 'Ada' });
    queryClient.setQueryData(authQueryKeys.currentUser, signedIn);
    await onMemberChanged(queryClient, buildUser({ id: 'member-2', firstName: 'Someone' }));
    expect(invalidated()).toEqual(['adminMembers']);
    expect(queryClient.getQueryData(authQueryKeys.currentUser)).toEqual(signedIn);

    const renamed = { ...signedIn, firstName: 'Adah' };
    await onMemberChanged(queryClient, renamed);
    expect(queryClient.getQueryData(authQueryKeys.currentUser)).toEqual(renamed);
  });

  it('a seat assignment refreshes the member list and every station list', async () => {
    await onStationAssigned(queryClient, buildUser({ id: 'member-2' }));
    expect(invalidated()).toEqual(sorted(['adminMembers', 'stations', 'allStations']));
  });

  it('saved bid preferences replace the cached ones and read the member’s forecasts again', async () => {
    const preferences = { ...DEFAULT_BID_PREFERENCES, autoBid: true };
    await onBidPreferencesSaved(queryClient, preferences);
    expect(invalidated()).toEqual(sorted(['forecast', 'otherForecast']));
    expect(queryClient.getQueryData(userQueryKeys.preferences)).toEqual(preferences);
  });

  it('a station change refreshes the station lists alone', async () => {
    await invalidateStations(queryClient);
    expect(invalidated()).toEqual(sorted(['stations', 'allStations']));
  });

  it('an import of members refreshes the member list and the seniority', async () => {
    await onMembersImported(queryClient);
    expect(invalidated()).toEqual(sorted(['adminMembers', 'seniority']));
  });
});

describe('other areas', () => {
  it('a step of a followed session refreshes the admin dashboard’s figures alone', async () => {
    await onAdminDashboardSessionStep(queryClient);
    expect(invalidated()).toEqual(['adminStats']);
  });

  it('saved notification settings replace the cached ones and read the bid preferences and the profile (its phone) again', () => {
    const settings = {
      emailNotifications: true,
      smsNotifications: false,
      pushNotifications: false,
      turnReminders: true,
      phoneNumber: null,
    };
    onNotificationSettingsSaved(queryClient, settings as never);
    expect(invalidated()).toEqual(['preferences', 'profile']);
    expect(queryClient.getQueryData(notificationQueryKeys.settings)).toEqual(settings);
  });

  it('a sent notification refreshes the delivery status alone', async () => {
    await onNotificationSent(queryClient);
    expect(invalidated()).toEqual(['deliveryStatus']);
  });

  it('a saved time zone replaces the settings and reads everything else again', async () => {
    const answer = { timeZone: 'America/Denver' };
    await onDepartmentSettingsSaved(queryClient, answer as never);
    expect(queryClient.getQueryData(departmentSettingsQueryKey)).toEqual(answer);
    expect(invalidated()).toEqual(sorted(Object.keys(CACHED).filter((name) => name !== 'departmentSettings')));
  });
});
