import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { showError, showSuccess } from './toasts.ts';

function renderToasts() {
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
}

async function advance(milliseconds: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(milliseconds);
  });
}

describe('toasts', () => {
  it('shows a success message politely for 3 seconds', async () => {
    vi.useFakeTimers();
    renderToasts();

    act(() => showSuccess('Station 4 created'));

    expect(screen.getByRole('status')).toHaveTextContent('Station 4 created');
    await advance(2_900);
    expect(screen.getByText('Station 4 created')).toBeInTheDocument();
    await advance(1_000);
    expect(screen.queryByText('Station 4 created')).not.toBeInTheDocument();
  });

  it("shows the server's error text first, as an alert, for 5 seconds", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderToasts();
    const conflict = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'Station 5 already exists',
      serverMessage: 'Station 5 already exists',
    });

    act(() => showError(conflict, 'Failed to create station'));

    expect(screen.getByRole('alert')).toHaveTextContent('Station 5 already exists');
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toBeInTheDocument();
    await advance(4_900);
    expect(screen.getByText('Station 5 already exists')).toBeInTheDocument();
    await advance(1_000);
    expect(screen.queryByText('Station 5 already exists')).not.toBeInTheDocument();
  });

  it('falls back to the screen message for an error without server text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderToasts();

    act(() => showError(new Error('boom'), 'Failed to delete station'));

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete station');
  });
});
