import { type DeliveryChannel, type DeliveryLog, deliveryLogSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Notices per page of the delivery log: enough to answer "was Grace told?" without scrolling far. */
export const DELIVERY_LOG_PAGE_SIZE = 25;

export interface DeliveryLogFilter {
  memberId: string | null;
  channel: DeliveryChannel | null;
  /** 0-based page. */
  page: number;
}

/** A page of a session's notices, newest first, one member's or one channel's when filtered. */
export async function getDeliveryLog(
  sessionId: string,
  filter: DeliveryLogFilter,
  signal?: AbortSignal,
): Promise<DeliveryLog> {
  const query = new URLSearchParams({
    limit: String(DELIVERY_LOG_PAGE_SIZE),
    offset: String(filter.page * DELIVERY_LOG_PAGE_SIZE),
  });
  if (filter.memberId !== null) query.set('memberId', filter.memberId);
  if (filter.channel !== null) query.set('channel', filter.channel);
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/delivery-log?${query}`, {
    schema: deliveryLogSchema,
    signal,
  });
}
