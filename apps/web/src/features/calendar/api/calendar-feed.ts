/** The member's private calendar feed (issue 16): its state, making or resetting it, turning it off. */
import {
  CALENDAR_MESSAGES,
  type CalendarFeedCreated,
  calendarFeedCreatedSchema,
  messageResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { invalidateCalendarFeed } from './calendar-queries.ts';

/** A new feed address (the old one stops working); the server answers it this once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CalendarFeedCreated> =>
      apiRequest('/users/calendar-token', { method: 'POST', schema: calendarFeedCreatedSchema }),
    onSuccess: () => invalidateCalendarFeed(queryClient),
    onError: (error) => showError(error, 'Failed to make the calendar feed'),
  });
}

export function useStopCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/users/calendar-token', { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: () => {
      showSuccess(CALENDAR_MESSAGES.feedStopped);
      return invalidateCalendarFeed(queryClient);
    },
    onError: (error) => showError(error, 'Failed to turn the calendar feed off'),
  });
}
