import { type CalendarFeedStatus, calendarFeedStatusSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the member has a calendar feed now (the address itself is shown only when it is made). */
export function getCalendarFeedStatus(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return apiRequest('/users/calendar-token', { schema: calendarFeedStatusSchema, signal });
}
