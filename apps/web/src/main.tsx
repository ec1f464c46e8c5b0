/** Entry point of the StationBid web app: loads Mantine's styles and the print sheet, and mounts the app in #root. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// After Mantine's: the print sheet overrides its screen styles.
import './styles/print.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element to mount StationBid in.');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (installable app, offline app shell, Web Push) registers once the first page
// is up and the browser is idle: app/root-layout.tsx.
