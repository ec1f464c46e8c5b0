/**
 * The members an administrator can put in a session, and the stations a session can offer. Both
 * read the same cached lists as the member and station screens, so a change made there shows here
 * at once; this file is the one place this feature reaches into those features.
 */
import { useStationsQuery } from '../../stations/index.ts';
import { useAdminUsersQuery } from '../../users/index.ts';

/** Every member, active or not, with their seniority score (the picker offers only active ones). */
export function useSessionMembersQuery() {
  return useAdminUsersQuery();
}

/** The active stations: only they can be offered in a session. */
export function useOfferableStationsQuery() {
  return useStationsQuery({ includeInactive: false });
}
