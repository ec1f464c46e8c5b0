/**
 * The department's certification catalogue: the administrators' page, and the catalogue query the
 * station form reads to offer codes. Everything else in this folder is its own business.
 */
export * from './api/certification-queries.ts';
export * from './components/certification-management.tsx';
