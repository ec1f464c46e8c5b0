/** The department's settings (issue 16): its time zone, read by every screen and set by administrators. */
export * from './api/department-settings.ts';
export * from './components/department-time-zone-card.tsx';
