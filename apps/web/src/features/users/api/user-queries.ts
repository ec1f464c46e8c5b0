/**
 * The members' queries: the signed-in member's profile, seniority and bid preferences, and the
 * administrators' member list. Their cache keys, the factories every screen reads them through, and
 * what each change refreshes.
 */
import type { BidPreferences, SavedBidPreferences, User } from '@stationbid/domain';
import { keepPreviousData, type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeToOwnPreferenceChanges, useIsLiveConnected } from '../../../lib/live-events.ts';
import { invalidateForecasts } from '../../../lib/session-queries.ts';
import { setCurrentUser, updateCurrentUserIfSame } from '../../auth/index.ts';
import { invalidateStations, stationQueries } from '../../stations/index.ts';
import { getAdminUsers } from './admin-list-users.ts';
import { getMemberPage, type MemberListCriteria } from './admin-member-pages.ts';
import { getBidPreferences } from './get-bid-preferences.ts';
import { getProfile } from './get-profile.ts';
import { getSeniority } from './get-seniority.ts';

export const userQueryKeys = {
  profile: ['users', 'profile'] as const,
  seniority: ['users', 'seniority'] as const,
  /** The bid preferences, with the four notification flags the profile dialog sends back when saving. */
  preferences: ['users', 'preferences'] as const,
  /** The administrators' member list; every paged list sits under it too. */
  adminMembers: ['admin', 'users'] as const,
  adminMemberPages: (criteria: MemberListCriteria, cursor: string | null) =>
    ['admin', 'users', 'pages', criteria, cursor] as const,
};

/** A copy of the bid preferences older than this is read again when a screen shows it. */
export const BID_PREFERENCES_STALE_MS = 30_000;

export const userQueries = {
  /** The signed-in member's own record, as the profile page edits it (schemas/profile.ts). */
  profile: () => queryOptions({ queryKey: userQueryKeys.profile, queryFn: ({ signal }) => getProfile(signal) }),
  /** The member's score, how it is worked out, their queue place and tips (GET /users/seniority). */
  seniority: () => queryOptions({ queryKey: userQueryKeys.seniority, queryFn: ({ signal }) => getSeniority(signal) }),
  /**
   * The member's bid preferences (schemas/bid-preferences.ts): the profile's dialog and the session room's
   * ranked choices share this entry, so a save in one shows in the other at once.
   */
  bidPreferences: () =>
    queryOptions({
      queryKey: userQueryKeys.preferences,
      queryFn: ({ signal }) => getBidPreferences(signal),
      // The member may have saved on another device meanwhile: coming back to this window reads
      // the list again, however fresh it looks (the live event may have been missed while asleep).
      refetchOnWindowFocus: 'always',
      staleTime: BID_PREFERENCES_STALE_MS,
    }),
  /** Every member, active or not, with their seniority score and bid priority. */
  adminMembers: () =>
    queryOptions({ queryKey: userQueryKeys.adminMembers, queryFn: ({ signal }) => getAdminUsers(signal) }),
  /**
   * One page of the User List from the server: the first without a cursor, each next one after the
   * cursor the page before it gave; the page on screen stays while the next one or a new search loads.
   */
  adminMemberPage: (criteria: MemberListCriteria, cursor: string | null) =>
    queryOptions({
      queryKey: userQueryKeys.adminMemberPages(criteria, cursor),
      queryFn: ({ signal }) => getMemberPage(criteria, cursor, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useProfileQuery() {
  return useQuery(userQueries.profile());
}

export function useSeniorityQuery() {
  return useQuery(userQueries.seniority());
}

/**
 * The member's bid preferences, as the Bid Preferences dialog and the ranked-list editor show them,
 * following saves made elsewhere: read again when the live stream says they were saved (on another
 * device, or in another tab), when the stream opens or comes back after a drop (a save meanwhile
 * sent no event here), and when the window is focused again.
 */
export function useBidPreferencesQuery({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  useEffect(
    () => subscribeToOwnPreferenceChanges((event) => void onBidPreferencesChangedElsewhere(queryClient, event.version)),
    [queryClient],
  );
  const isConnected = useIsLiveConnected();
  const wasConnected = useRef(isConnected);
  useEffect(() => {
    if (isConnected && !wasConnected.current) void invalidateBidPreferences(queryClient);
    wasConnected.current = isConnected;
  }, [isConnected, queryClient]);
  return useQuery({ ...userQueries.bidPreferences(), enabled });
}

export function useAdminUsersQuery() {
  return useQuery(userQueries.adminMembers());
}

export function useAdminMemberPage(criteria: MemberListCriteria, cursor: string | null) {
  return useQuery(userQueries.adminMemberPage(criteria, cursor));
}

/**
 * Active stations with their free seats per shift: the only ones a member can be assigned to. The
 * stations feature's own list of active stations, so both share one cached answer.
 */
export function useActiveStationsQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...stationQueries.list({ includeInactive: false }), enabled });
}

/**
 * The member saved their own profile: the answer replaces the profile and the signed-in member (the
 * shell's welcome line shows a new name at once); an administrator may have changed their own rank
 * or years, which moves their score.
 */
export function onOwnProfileSaved(queryClient: QueryClient, user: User): Promise<unknown> {
  queryClient.setQueryData(userQueryKeys.profile, user);
  setCurrentUser(queryClient, user);
  return queryClient.invalidateQueries({ queryKey: userQueryKeys.seniority });
}

/**
 * The saved bid preferences replace the cached ones, and the member's forecasts, made from their
 * ranked list, are read again.
 */
export function onBidPreferencesSaved(
  queryClient: QueryClient,
  preferences: BidPreferences | SavedBidPreferences,
): Promise<unknown> {
  queryClient.setQueryData(userQueryKeys.preferences, preferences);
  return invalidateForecasts(queryClient);
}

/**
 * The live stream says the member's preferences were saved, at `version`: read again, unless this
 * tab holds that version already (its own save), and the forecasts made from the list with them.
 */
export function onBidPreferencesChangedElsewhere(queryClient: QueryClient, version: number): Promise<unknown> {
  const cached = queryClient.getQueryData<SavedBidPreferences>(userQueryKeys.preferences);
  if (cached?.version !== undefined && cached.version >= version) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryKeys.preferences }, { cancelRefetch: false }),
    invalidateForecasts(queryClient),
  ]);
}

/**
 * The notification flags inside the bid preferences changed elsewhere (the notification settings):
 * that copy is read again, never sent back stale.
 */
/** The profile is read again: its phone is the one text messages go to, saved from the notification settings too. */
export function invalidateProfile(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: userQueryKeys.profile });
}

export function invalidateBidPreferences(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: userQueryKeys.preferences });
}

/**
 * What every member change does next: the member list is read again (one member's new score moves
 * everyone's bid priority), and when administrators edit themselves the shell's copy follows.
 */
export function onMemberChanged(queryClient: QueryClient, changedUser?: User): Promise<unknown> {
  if (changedUser !== undefined) updateCurrentUserIfSame(queryClient, changedUser);
  return queryClient.invalidateQueries({ queryKey: userQueryKeys.adminMembers });
}

export function useRefreshAfterMemberChange() {
  const queryClient = useQueryClient();
  return (changedUser?: User) => onMemberChanged(queryClient, changedUser);
}

/** A member was deleted (or was gone already): their row leaves the list at once, then it is read again. */
export function onMemberDeleted(queryClient: QueryClient, memberId: string): Promise<unknown> {
  queryClient.setQueryData<User[]>(userQueryKeys.adminMembers, (users) =>
    users?.filter((user) => user.id !== memberId),
  );
  return queryClient.invalidateQueries({ queryKey: userQueryKeys.adminMembers });
}

/** A member was put in or out of a seat: the member and every station's free seats. */
export function onStationAssigned(queryClient: QueryClient, user: User): Promise<unknown> {
  return Promise.all([onMemberChanged(queryClient, user), invalidateStations(queryClient)]);
}

/** Members were imported: the member list, and the administrator's own queue place that new members can move. */
export function onMembersImported(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryKeys.adminMembers }),
    queryClient.invalidateQueries({ queryKey: userQueryKeys.seniority }),
  ]);
}
