/**
 * The calendar's queries: the member's own feed and the department's shift rotation (which the
 * feeds are computed from). Their keys, the factories and what a change refreshes.
 */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getCalendarFeedStatus } from './get-calendar-feed.ts';
import { getRotation, type RotationAnswer } from './get-rotation.ts';

export const calendarQueryKeys = {
  feed: ['calendar-feed'] as const,
  rotation: ['admin', 'rotation'] as const,
};

export const calendarQueries = {
  feed: () =>
    queryOptions({ queryKey: calendarQueryKeys.feed, queryFn: ({ signal }) => getCalendarFeedStatus(signal) }),
  rotation: () => queryOptions({ queryKey: calendarQueryKeys.rotation, queryFn: ({ signal }) => getRotation(signal) }),
};

export function useCalendarFeedStatusQuery() {
  return useQuery(calendarQueries.feed());
}

export function useRotationQuery() {
  return useQuery(calendarQueries.rotation());
}

/** The feed was made, reset or turned off: its state is read again. */
export function invalidateCalendarFeed(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: calendarQueryKeys.feed });
}

/** The saved rotation (with the zone it is read in) replaces the cached one. */
export function setRotation(queryClient: QueryClient, answer: RotationAnswer): void {
  queryClient.setQueryData(calendarQueryKeys.rotation, answer);
}
