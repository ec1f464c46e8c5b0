/** The department's settings (issue 16): its time zone, read by every screen and set by administrators. */
export * from './api/department-settings.ts';
export * from './api/get-seniority-rule.ts';
export * from './api/save-seniority-rule.ts';
export * from './api/seniority-rule-queries.ts';
export * from './components/department-time-zone-card.tsx';
export * from './components/seniority-rule-card.tsx';
export * from './components/seniority-rule-summary.tsx';
