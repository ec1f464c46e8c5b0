import type { BidSession, ExportStatus, ReminderResult } from '@stationbid/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBidSession, testId } from '../../../test/build-bid-session.ts';
import { adminUser } from '../../../test/fixtures.ts';
import { jsonResponse } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Each test renders the whole app; on a busy machine its first screen takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const completed = buildBidSession({
  id: testId('7e77', 1),
  name: 'Autumn Harbor Bid',
  status: 'completed',
  participantCount: 5,
  completedBids: 5,
});
const draft = buildBidSession({ id: testId('7e77', 2), name: 'Spring Station Bid', status: 'draft' });

const STATUS_URL = `GET /api/bid-sessions/${completed.id}/export-status`;
const SEND_URL = `POST /api/bid-sessions/${completed.id}/send-reminders`;

function renderPage(status: ExportStatus, result: ReminderResult, sessions: BidSession[] = [completed, draft]) {
  return renderApp({
    path: '/admin/bid-sessions',
    signedInAs: adminUser,
    api: {
      'GET /api/bid-sessions?view=summary': () => jsonResponse(200, { sessions }),
      [STATUS_URL]: () => jsonResponse(200, status),
      [SEND_URL]: () => jsonResponse(200, { result }),
    },
  });
}

const status = (withoutEmail: number): ExportStatus => ({
  canExport: true,
  canSendReminders: true,
  totalParticipants: 5,
  participantsWithEmail: 5 - withoutEmail,
  participantsWithoutEmail: withoutEmail,
});

describe('Send Reminders', { timeout: 20_000 }, () => {
  it('asks first when participants lack an e-mail, sends the custom message and shows who was not reached', async () => {
    const { api, user } = renderPage(status(2), {
      totalParticipants: 5,
      emailsSent: 3,
      emailsFailed: 2,
      results: [
        { name: 'Elena Ramirez', status: 'sent' },
        { name: 'Caleb Murphy', status: 'no_email' },
        { name: 'Chloe Bennett', status: 'notifications_off' },
      ],
    });
    const draftCard = await screen.findByRole('article', { name: 'Spring Station Bid' });
    expect(within(draftCard).queryByRole('button', { name: /^Reminders/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reminders Autumn Harbor Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Reminders: Autumn Harbor Bid' });
    expect(await within(dialog).findByText(/3 of 5 participants have an e-mail address/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'Custom message (optional)' }));
    await user.paste('  Bring your list of choices.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));

    expect(within(dialog).getByText("2 participants don't have email addresses. Continue anyway?")).toBeInTheDocument();
    expect(api.requestsTo(SEND_URL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(api.requestsTo(SEND_URL)).toHaveLength(1));
    expect(api.requestsTo(SEND_URL)[0]?.body).toEqual({ customMessage: 'Bring your list of choices.' });
    expect(
      await within(dialog).findByText('Reminders sent successfully! 3 emails sent, 2 failed.'),
    ).toBeInTheDocument();
    const notReached = within(dialog).getByRole('list', { name: 'Participants not reached' });
    expect(notReached).toHaveTextContent('Caleb Murphy: no e-mail address');
    expect(notReached).toHaveTextContent('Chloe Bennett: notifications turned off');
    expect(notReached).not.toHaveTextContent('Elena Ramirez');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends at once with no message when everyone has an e-mail', async () => {
    const { api, user } = renderPage(status(0), { totalParticipants: 5, emailsSent: 5, emailsFailed: 0, results: [] });
    await user.click(await screen.findByRole('button', { name: 'Reminders Autumn Harbor Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Reminders: Autumn Harbor Bid' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send Reminders' }));
    await waitFor(() => expect(api.requestsTo(SEND_URL)).toHaveLength(1));
    expect(api.requestsTo(SEND_URL)[0]?.body).toEqual({ customMessage: null });
    expect(
      await within(dialog).findByText('Reminders sent successfully! 5 emails sent, 0 failed.'),
    ).toBeInTheDocument();
  });

  it('says when the session cannot be reminded, without sending', async () => {
    const { api, user } = renderPage(
      { ...status(0), canSendReminders: false, totalParticipants: 0, participantsWithEmail: 0 },
      { totalParticipants: 0, emailsSent: 0, emailsFailed: 0, results: [] },
    );
    await user.click(await screen.findByRole('button', { name: 'Reminders Autumn Harbor Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Reminders: Autumn Harbor Bid' });
    expect(await within(dialog).findByText('Cannot send reminders for this session')).toBeInTheDocument();
    expect(within(dialog).getByText('This session has no participants.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send Reminders' })).not.toBeInTheDocument();
    expect(api.requestsTo(SEND_URL)).toHaveLength(0);
  });
});
