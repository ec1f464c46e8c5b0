import { useMutation } from '@tanstack/react-query';
import { joinSession } from '../../../lib/session-queries.ts';

/** Joins the live session from the banner, which says how it went and then opens the live page. */
export function useJoinBidSessionMutation() {
  return useMutation({ mutationFn: joinSession });
}
