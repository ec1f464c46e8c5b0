/**
 * The stations feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/get-stations.ts';
export * from './api/station-queries.ts';
export * from './components/delete-station-modal.tsx';
export * from './components/station-details-modal.tsx';
export * from './components/station-form-modal.tsx';
export * from './components/station-import-tab.tsx';
export * from './components/station-list-controls.tsx';
export * from './components/station-list-tab.tsx';
export * from './components/station-status.tsx';
export * from './utils/station-rules.ts';
