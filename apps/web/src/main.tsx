/** Entry point of the StationBid web app: loads Mantine's styles and mounts the app in #root. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
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
