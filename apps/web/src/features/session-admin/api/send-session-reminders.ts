import { type ReminderResult, SESSION_MESSAGE_TEXTS, sendRemindersResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';

/** Queues a reminder e-mail to the session's participants; answers who was reached. */
export async function sendSessionReminders(sessionId: string, customMessage: string | null): Promise<ReminderResult> {
  const { result } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/send-reminders`, {
    method: 'POST',
    body: { customMessage },
    schema: sendRemindersResponseSchema,
  });
  return result;
}

export function useSendSessionReminders({ onSuccess }: { onSuccess?: (result: ReminderResult) => void } = {}) {
  return useMutation({
    mutationFn: ({ sessionId, customMessage }: { sessionId: string; customMessage: string | null }) =>
      sendSessionReminders(sessionId, customMessage),
    onSuccess: (result) => {
      showSuccess(SESSION_MESSAGE_TEXTS.remindersSent(result.emailsSent, result.emailsFailed));
      onSuccess?.(result);
    },
    onError: (error) => showError(error, SESSION_MESSAGE_TEXTS.remindersFailed),
  });
}
