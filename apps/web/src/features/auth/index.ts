/**
 * The auth feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './api/auth-queries.ts';
export * from './api/forgot-password.ts';
export * from './api/get-current-user.ts';
export * from './api/login.ts';
export * from './api/logout.ts';
export * from './api/reset-password.ts';
export * from './api/single-sign-on.ts';
export * from './api/single-sign-on-queries.ts';
export * from './components/auth-layout.tsx';
export * from './components/auth-provider.tsx';
export * from './components/single-sign-on-button.tsx';
export * from './components/single-sign-on-settings-card.tsx';
export * from './hooks/use-auth.ts';
