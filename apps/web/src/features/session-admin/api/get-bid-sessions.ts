import { useQuery } from '@tanstack/react-query';
import { sessionListQueryOptions } from '../../../lib/session-queries.ts';

/** Every bid session, whatever its status (administrators), without participants. */
export function useBidSessionsQuery() {
  return useQuery(sessionListQueryOptions());
}
