/**
 * The pure rules of the chat widget: merging polled messages into those in view
 * (each message once, in the server's order, the newest `limit` kept), and whether the reader is
 * close enough to the bottom to follow new messages.
 */
import { type ChatMessage, LIMITS } from '@stationbid/domain';

/** The server's order: by time sent, then by id within one instant. */
function compareMessages(a: ChatMessage, b: ChatMessage): number {
  const byTime = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * `shown` with `incoming` added: a message already shown is kept once (polls repeat messages of
 * the last one's instant), the order is the server's, and only the newest `limit` stay.
 * Answers `shown` itself when nothing is new, so React sees no change.
 */
export function mergeChatMessages(
  shown: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  limit: number = LIMITS.chatMessagesKeptInView,
): ChatMessage[] {
  const shownIds = new Set(shown.map((message) => message.id));
  const added = incoming.filter((message, index) => {
    if (shownIds.has(message.id)) return false;
    return incoming.findIndex((other) => other.id === message.id) === index;
  });
  if (added.length === 0 && shown.length <= limit) return shown as ChatMessage[];
  const merged = [...shown, ...added].sort(compareMessages);
  return merged.length > limit ? merged.slice(merged.length - limit) : merged;
}

export interface ScrollPosition {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Whether the reader is within `threshold` px of the bottom, so new messages may scroll into view. */
export function isNearBottom(
  { scrollTop, scrollHeight, clientHeight }: ScrollPosition,
  threshold: number = LIMITS.chatAutoScrollThresholdPx,
): boolean {
  return scrollHeight - scrollTop - clientHeight <= threshold;
}

/** The character count to show under the message box: only near the limit, and when over it. */
export function describeCharacterCount(characters: number, max: number = LIMITS.chatMessageMaxLength): string | null {
  const nearLimitFrom = max - 100;
  return characters >= nearLimitFrom ? `${characters} / ${max}` : null;
}
