import { type MarkNotificationReadResponse, markNotificationReadResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { onNotificationRead } from './dashboard-queries.ts';

export function markNotificationRead(notificationId: string): Promise<MarkNotificationReadResponse> {
  return apiRequest('/users/notifications', {
    method: 'POST',
    body: { notificationId },
    schema: markNotificationReadResponseSchema,
  });
}

/** Marks one notification read and puts the server's answer (the item and the new count) in the list. */
export function useMarkNotificationReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (answer) => onNotificationRead(queryClient, answer),
  });
}
