/**
 * Integrations: the administrators' API tokens and webhooks page (/admin/integrations), where
 * other systems are given named tokens with scopes and endpoints receive signed events; and the
 * webhook deliveries the delivery status screen lists. Everything else in this folder is its own
 * business.
 */
export * from './components/api-token-management.tsx';
// The same page's latest roster syncs, sent by another system with a roster:write token.
export * from './components/roster-sync-status.tsx';
export * from './components/webhook-deliveries.tsx';
export * from './components/webhook-management.tsx';
