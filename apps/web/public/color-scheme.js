/*
 * Runs before the app's first paint (a plain script in index.html's head, allowed by the CSP's
 * script-src 'self'): sets the colour scheme the app will use, so a dark screen never flashes white.
 * It reads what the profile's Appearance switch stored on this device (Mantine's local storage
 * colour scheme manager, key below) and falls back to the system's preference.
 */
(() => {
  let stored = null;
  try {
    stored = window.localStorage.getItem('stationbid-color-scheme');
  } catch {
    // Storage blocked: follow the system.
  }
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
  const scheme = stored === 'light' || stored === 'dark' ? stored : prefersDark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
