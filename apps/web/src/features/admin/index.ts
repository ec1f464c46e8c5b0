/**
 * The admin feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/admin-dashboard-queries.ts';
export * from './api/get-running-sessions.ts';
export * from './components/active-bid-windows.tsx';
export * from './components/admin-activity-card.tsx';
export * from './components/admin-live-draft.tsx';
export * from './components/admin-quick-actions.tsx';
export * from './components/admin-stat-tiles.tsx';
export * from './components/department-settings-warning.tsx';
export * from './components/message-delivery-card.tsx';
export * from './components/online-users-card.tsx';
