import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { useLiveUpdates } from '../hooks/use-live-updates.ts';
import { LiveUpdatesBell } from './live-updates-bell.tsx';

function Bell() {
  return <LiveUpdatesBell liveUpdates={useLiveUpdates()} />;
}

describe('LiveUpdatesBell', () => {
  it('answers a click on the stand-in shown while its code loads: the list opens once it has arrived', async () => {
    render(
      <AppProviders>
        <Bell />
      </AppProviders>,
    );
    // This file has not loaded the list's module yet: the first render shows the busy stand-in.
    const standIn = screen.getByRole('button', { name: 'Live updates', busy: true });
    standIn.focus();
    fireEvent.click(standIn);

    const bell = await screen.findByRole('button', { name: 'Live updates', busy: false });
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'true'));
    const list = document.getElementById(bell.getAttribute('aria-controls') ?? '');
    expect(list).toHaveAttribute('aria-label', 'Live Updates');
    expect(list).toHaveTextContent('Nothing new yet.');
  });
});
