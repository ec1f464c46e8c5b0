import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import {
  BID_FAILURE_MESSAGE,
  BidConfirmationDialog,
  type BidConfirmationDialogProps,
} from './bid-confirmation-dialog.tsx';

function renderDialog(props: Partial<BidConfirmationDialogProps> = {}) {
  const all: BidConfirmationDialogProps = {
    opened: true,
    onClose: vi.fn(),
    title: 'Confirm the phone-in bid',
    headline: 'Confirm for Grace Hopper: Station 2 · A shift · Captain',
    note: 'Read this back to Grace Hopper on the phone.',
    confirmLabel: 'Confirm bid for Grace Hopper',
    onConfirm: vi.fn(),
    isPending: false,
    error: null,
    errorTitle: 'The bid was not accepted',
    ...props,
  };
  render(
    <MantineProvider>
      <BidConfirmationDialog {...all} />
    </MantineProvider>,
  );
  return all;
}

describe('BidConfirmationDialog', () => {
  it('names the seat, confirms with the focus on the confirm button, and closes by a named button', async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the phone-in bid' });
    expect(dialog).toHaveTextContent('Confirm for Grace Hopper: Station 2 · A shift · Captain');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm bid for Grace Hopper' }));
    expect(props.onConfirm).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(props.onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal in place", async () => {
    renderDialog({
      error: new ApiError({
        status: 409,
        code: 'CONFLICT',
        message: 'That seat was just taken',
        serverMessage: 'That seat was just taken',
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The bid was not accepted');
    expect(alert).toHaveTextContent('That seat was just taken');
  });

  it('falls back to a plain message for a refusal without words', async () => {
    renderDialog({ error: new Error('') });
    expect(await screen.findByRole('alert')).toHaveTextContent(BID_FAILURE_MESSAGE);
  });
});
