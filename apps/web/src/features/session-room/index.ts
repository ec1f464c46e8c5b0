/**
 * The session room: a member in a bid session (the live page, the bidding page, the board and the
 * draft) and the views of a session's seats that other areas show. This index is what routes, the
 * app shell and other features may import; everything else in this folder is its own business
 * (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/join-live-session.ts';
export * from './components/bidding-board.tsx';
export * from './components/lazy-bid-panel.tsx';
export * from './components/lazy-live-side-panels.tsx';
export * from './components/lazy-participants-list.tsx';
export * from './components/lazy-station-assignments-panel.tsx';
export * from './components/live-draft-view.tsx';
export * from './components/live-updates-bell.tsx';
export * from './components/on-the-clock-header.tsx';
export * from './components/session-not-found.tsx';
export * from './components/session-turn-area.tsx';
export * from './components/skip-turn-dialog.tsx';
export * from './components/station-assignments-panel.tsx';
export * from './hooks/use-live-updates.ts';
export * from './hooks/use-own-turn.ts';
export * from './utils/assignment-stations.ts';
export * from './utils/live-bidding-format.ts';
