import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';

/** The router's errorElement: logs what a page threw and shows the error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unexpected error on this page', error);
  }, [error]);
  return <ErrorScreen />;
}
