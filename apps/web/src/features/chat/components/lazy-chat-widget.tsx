/**
 * The chat widget loaded on demand, for the live page (issue 14's 250 kB first load): its Chat
 * button (in the top bar) is not part of what the member must see first (the session's status and
 * their turn). The page starts the download when it opens (preloadChatWidget), alongside its reads
 * of the session, so the button is normally there with the rest; until then nothing is in its place.
 */
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';

const chatWidget = lazyWithPreload(() => import('./chat-widget.tsx').then((module) => module.ChatWidget));

/** Fetches the widget's code ahead of need (a second call costs nothing). */
export const preloadChatWidget = chatWidget.preload;

/** ChatWidget (chat-widget.tsx), its code fetched when first shown or preloaded. */
export function LazyChatWidget({ sessionId }: { sessionId: string }) {
  return (
    <Suspense fallback={null}>
      <chatWidget.Component sessionId={sessionId} />
    </Suspense>
  );
}
