/**
 * The bid-history feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/bid-history-queries.ts';
export * from './api/get-user-bid-history.ts';
export * from './components/profile-bid-activity.tsx';
export * from './components/session-results-dialog.tsx';
export * from './utils/bid-history-summary.ts';
export * from './utils/results-format.ts';
