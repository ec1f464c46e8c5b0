/**
 * The dashboard feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/dashboard-queries.ts';
export * from './api/get-bid-status.ts';
export * from './api/get-current-bid-session.ts';
export * from './api/session-polling.ts';
export * from './components/current-bid-status-card.tsx';
export * from './components/follow-session-live.tsx';
export * from './components/notifications-card.tsx';
export * from './components/quick-actions-card.tsx';
export * from './components/recent-activity-card.tsx';
export * from './components/session-banner.tsx';
export * from './components/stat-cards.tsx';
export * from './components/system-status-card.tsx';
export * from './components/turn-banner.tsx';
export * from './components/welcome-banner.tsx';
export * from './hooks/use-dashboard-session.ts';
export * from './hooks/use-refresh-bid-status-on-turn-change.ts';
export * from './utils/dashboard-session.ts';
