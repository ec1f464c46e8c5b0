/**
 * The users feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/admin-list-users.ts';
export * from './api/admin-member-pages.ts';
export * from './api/get-profile.ts';
export * from './api/get-seniority.ts';
export * from './api/user-queries.ts';
export * from './components/profile/account-status-section.tsx';
export * from './components/profile/appearance-section.tsx';
export * from './components/profile/bid-preferences-dialog.tsx';
export * from './components/profile/change-password-section.tsx';
export * from './components/profile/profile-form.tsx';
export * from './components/profile/profile-summary-section.tsx';
// The ranked list: the lazy versions for pages (dnd-kit stays out of their first load), and the
// editor itself for a page that loads it lazily on its own.
export { RankedListEditor } from './components/ranked-list-editor.tsx';
export * from './components/ranked-list-lazy.tsx';
export * from './components/seniority/multiplier-table.tsx';
export * from './components/seniority/personal-information-card.tsx';
export * from './components/seniority/score-calculation-card.tsx';
export * from './components/seniority/seniority-overview.tsx';
export * from './components/user-management.tsx';
