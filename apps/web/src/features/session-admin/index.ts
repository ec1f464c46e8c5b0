/**
 * The session-admin feature (administrators running bid sessions): its public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/delete-bid-session.ts';
export * from './api/download-bid-sheet.ts';
export * from './api/export-session-results.ts';
export * from './api/get-bid-sessions.ts';
export * from './api/run-session-action.ts';
export * from './components/admin-session-control.tsx';
export * from './components/bid-session-card.tsx';
export * from './components/delivery-log-modal.tsx';
export * from './components/send-reminders-modal.tsx';
export * from './components/session-details-modal.tsx';
export * from './components/session-form-modal.tsx';
export * from './components/session-history-modal.tsx';
export * from './components/session-status-badge.tsx';
export * from './components/start-session-dialog.tsx';
export * from './components/what-if-modal.tsx';
export * from './utils/save-downloaded-file.ts';
export * from './utils/session-actions.ts';
export * from './utils/session-filters.ts';
export * from './utils/session-format.ts';
