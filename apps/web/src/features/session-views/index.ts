/**
 * The session-views feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './components/lazy-station-assignments-panel.tsx';
export * from './components/live-draft-view.tsx';
export * from './components/station-assignments-panel.tsx';
export * from './utils/assignment-stations.ts';
