/**
 * The notifications feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/manage-notifications.ts';
export * from './api/notification-queries.ts';
export * from './components/delivery-configuration-card.tsx';
export * from './components/delivery-status-panel.tsx';
export * from './components/lazy-notification-offer.tsx';
export * from './components/lazy-turn-notice-switches.tsx';
export * from './components/notification-offer.tsx';
export * from './components/notification-settings-dialog.tsx';
export * from './components/test-notifications-panel.tsx';
export * from './components/turn-notice-switches.tsx';
export * from './hooks/use-live-notification-counts.ts';
