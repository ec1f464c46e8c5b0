/** The signed session record (issue 16): the administrators' view of the record-signing key. */
export * from './components/record-key-card.tsx';
