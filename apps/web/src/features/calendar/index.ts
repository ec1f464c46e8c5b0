/** The member's calendar (issue 16): the profile's Calendar feed section and the administrators' rotation setting. */
export * from './components/calendar-feed-section.tsx';
export * from './components/rotation-settings-card.tsx';
