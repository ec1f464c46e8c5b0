/** Cache keys of a session's chat: the messages in view and the reader's unread count. */
export const chatQueryKey = ['chat'] as const;

export function chatMessagesQueryKey(sessionId: string) {
  return [...chatQueryKey, 'messages', sessionId] as const;
}

export function chatUnreadCountQueryKey(sessionId: string) {
  return [...chatQueryKey, 'unread-count', sessionId] as const;
}
