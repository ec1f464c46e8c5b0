/** The whole database schema, one file per area; migrations are generated from it by drizzle-kit. */
export * from './api-tokens.ts';
export * from './auth.ts';
export * from './bid-sessions.ts';
export * from './calendar.ts';
export * from './communication.ts';
export * from './import-jobs.ts';
export * from './members.ts';
export * from './push.ts';
export * from './stations.ts';
export * from './webhooks.ts';
