/**
 * The signed session record: the administrators' view of the record-signing key, the
 * record's download from a session's results, and the in-browser check of /verify.
 */
export * from './api/download-session-record.ts';
export * from './components/download-record-button.tsx';
export * from './components/record-key-card.tsx';
export * from './components/verify-record-panel.tsx';
