import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from '../app/route-error-screen.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorScreen } from './error-screen.tsx';

function BrokenWidget(): ReactNode {
  throw new Error('Widget exploded');
}

describe('error screen', () => {
  it('replaces a crashed tree with "Something went wrong" and logs the error', () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    render(
      <MantineProvider>
        <ErrorBoundary>
          <BrokenWidget />
        </ErrorBoundary>
      </MantineProvider>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(logError).toHaveBeenCalledWith('Unexpected error', expect.any(Error), expect.any(String));
  });

  it('reloads the page from the Reload Page button', async () => {
    const onReload = vi.fn();
    render(
      <MantineProvider>
        <ErrorScreen onReload={onReload} />
      </MantineProvider>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));

    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('is the router error element for a page that throws', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <BrokenWidget />, errorElement: <RouteErrorScreen /> }]);

    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(logError).toHaveBeenCalledWith(
      'Unexpected error on this page',
      expect.objectContaining({ message: 'Widget exploded' }),
    );
  });
});
