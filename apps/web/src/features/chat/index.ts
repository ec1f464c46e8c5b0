/**
 * The chat feature's public face: what routes, the app shell and other features may import.
 * Everything else in this folder is its own business (scripts/check-web-imports.mjs enforces it).
 */
export * from './components/chat-widget.tsx';
export * from './components/lazy-chat-widget.tsx';
