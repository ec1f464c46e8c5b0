import { BID_MESSAGES } from '@stationbid/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../test/browser-stubs.ts';
import { buildBidHistoryEntry, buildResultsParticipant } from '../../test/build-bid-history.ts';
import { buildHistoryEntry, buildSessionResults, springSession, testId } from '../../test/build-bid-session.ts';
import { adminUser, buildUser } from '../../test/fixtures.ts';
import { departmentSettingsApi, jsonResponse, type MockHandler } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const member = buildUser();
const RESULTS_PATH = `GET /api/bid-sessions/${springSession.id}/results`;
const EXPORT_PATH = `POST /api/bid-sessions/${springSession.id}/export`;
const BID_SHEET_PATH = `GET /api/bid-sessions/${springSession.id}/results.pdf`;

const phoneInBid = buildBidHistoryEntry(1, {
  timestamp: '2026-03-01T09:30:00.000Z',
  station: { name: 'Harbor', number: 3 },
  shift: 'B',
  position: 'Engineer',
  kind: 'proxy',
});
const olderBid = buildBidHistoryEntry(2, {
  timestamp: '2025-03-01T09:30:00.000Z',
  session: { id: 'a1', _id: 'a1', name: 'Autumn Bid', year: 2025 },
  station: { name: 'Downtown', number: 1 },
  kind: 'auto',
  status: 'cancelled',
});

const results = buildSessionResults({
  participants: [
    buildResultsParticipant(0, 'Alex', 'Morgan', {
      hasBid: true,
      outcome: 'proxy_bid',
      assignedStation: { id: 's3', _id: 's3', name: 'Harbor', number: 3 },
      assignedShift: 'B',
      assignedPosition: 'Engineer',
    }),
    buildResultsParticipant(1, 'Jamie', 'Ortiz'),
  ],
  sessionHistory: [
    buildHistoryEntry({ action: 'session_started' }),
    buildHistoryEntry({
      id: testId('4157', 2),
      action: 'bid_submitted',
      userName: 'Alex Morgan',
      stationName: 'Harbor',
      stationNumber: 3,
      shift: 'B',
      position: 'Engineer',
      timestamp: '2026-03-01T09:30:00.000Z',
    }),
  ],
});

function renderBidHistory(api: Record<string, MockHandler>, signedInAs = member) {
  return renderApp({ path: '/bid-history', signedInAs, api });
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('BidHistoryPage (/bid-history)', () => {
  it("dates bids and the session's start and end on the department's clock, not the viewer's", async () => {
    // The department works in Chicago; this member's browser is in Tokyo.
    vi.stubEnv('TZ', 'Asia/Tokyo');
    // 3:00 UTC on 1 March is 9:00 PM on 28 February in Chicago, noon on 1 March in Tokyo.
    const eveningBid = { ...phoneInBid, timestamp: '2026-03-01T03:00:00.000Z' };
    const { user } = renderBidHistory({
      ...departmentSettingsApi('America/Chicago'),
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [eveningBid] }),
      [RESULTS_PATH]: () => jsonResponse(200, { results }),
    });

    const summary = await screen.findByLabelText('Bid summary');
    expect(await within(summary).findByText('Feb 28, 2026')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    expect(await within(dialog).findByText('Started')).toBeInTheDocument();
    expect(within(dialog).getByText('Started').nextElementSibling).toHaveTextContent('Mar 1, 2026, 3:00 AM CST');
    expect(within(dialog).getByText('Ended').nextElementSibling).toHaveTextContent('Mar 1, 2026, 4:35 AM CST');
  });

  it('sums up the bids in tiles and lists them newest first with how each was placed', async () => {
    renderBidHistory({ 'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [olderBid, phoneInBid] }) });

    const table = await screen.findByRole('table', { name: 'Your bids' });
    expect(screen.getByRole('heading', { level: 1, name: 'Bid History' })).toBeInTheDocument();
    const summary = screen.getByLabelText('Bid summary');
    expect(summary).toHaveTextContent('Total Bids2');
    expect(summary).toHaveTextContent('Successful1');
    expect(summary).toHaveTextContent('Stations Bid2');
    expect(summary).toHaveTextContent(/Last Bid(Mar 1, 2026|1 Mar 2026)/);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Spring Station Bid');
    expect(rows[0]).toHaveTextContent('Station 3 (Harbor)');
    expect(rows[0]).toHaveTextContent('Phone-in');
    expect(rows[0]).toHaveTextContent('Completed');
    expect(rows[1]).toHaveTextContent('Autumn Bid');
    expect(rows[1]).toHaveTextContent('Automatic');
    expect(rows[1]).toHaveTextContent('Cancelled');
  });

  it('says "No Bids Yet" when the member has not bid', async () => {
    renderBidHistory({ 'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [] }) });

    expect(await screen.findByRole('heading', { name: 'No Bids Yet' })).toBeInTheDocument();
    expect(screen.getByLabelText('Bid summary')).toHaveTextContent('Last BidNone');
  });

  it('shows "Error Loading History" with Retry, which loads the history again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let isServerDown = true;
    const { user } = renderBidHistory({
      'GET /api/users/bid-history': () =>
        isServerDown ? jsonResponse(503, {}) : jsonResponse(200, { bidHistory: [phoneInBid] }),
    });

    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error Loading History');
    expect(alert).toHaveTextContent('Failed to load bid history');
    isServerDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Your bids' })).toBeInTheDocument();
  });

  it('opens the results full-screen with Overview, Participants and Session History, and Back closes them', async () => {
    const { user, api } = renderBidHistory({
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }),
      [RESULTS_PATH]: () => jsonResponse(200, { results }),
    });

    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    expect(await within(dialog).findByText('1h 35m')).toBeInTheDocument();
    expect(within(dialog).getByText('Successful assignments').nextElementSibling).toHaveTextContent('1');
    // A participant may download the results they can read.
    expect(within(dialog).getByRole('button', { name: 'Export' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Participants' }));
    const participants = within(dialog).getByRole('table', { name: 'Participants' });
    expect(within(participants).getByRole('row', { name: /Alex Morgan/ })).toHaveTextContent(
      'Phone-in bidStation 3 (Harbor) · Shift B · Engineer',
    );
    expect(within(participants).getByRole('row', { name: /Jamie Ortiz/ })).toHaveTextContent('Not assigned');

    await user.click(within(dialog).getByRole('tab', { name: 'Session History' }));
    const history = within(dialog).getByRole('list', { name: 'Session history' });
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent(
      /^Bid submitted: Alex Morgan.*\d{4}.*(UTC|GMT).*by Morgan HaleStation 3 \(Harbor\) · Shift B · Engineer$/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog', { name: 'Results of Spring Station Bid' })).not.toBeInTheDocument();
    expect(api.unhandled).toEqual([]);
  });

  it('says why: the member’s own reason above the tabs, and every participant’s in the table', async () => {
    const ownReason =
      'Your first choice (Station 1, B, Engineer) was taken by Alex Morgan, bid 1 of 2, at 09:14 CST. Your second choice (Station 3, C, Engineer) was free, and you bid it at 09:31 CST.';
    const mine = buildResultsParticipant(1, 'Jamie', 'Ortiz', {
      hasBid: true,
      outcome: 'bid',
      assignedStation: { id: 's3', _id: 's3', name: 'Harbor', number: 3 },
      assignedShift: 'C',
      assignedPosition: 'Engineer',
      reason: ownReason,
    });
    const withReasons = buildSessionResults({
      participants: [
        buildResultsParticipant(0, 'Alex', 'Morgan', {
          hasBid: true,
          outcome: 'proxy_bid',
          reason: 'Phone-in bid: Morgan Hale bid Station 1, B, Engineer for you at 09:14 CST.',
        }),
        { ...mine, user: { ...mine.user, id: member.id, _id: member.id } },
      ],
    });
    const { user } = renderBidHistory({
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }),
      [RESULTS_PATH]: () => jsonResponse(200, { results: withReasons }),
    });

    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    const own = await within(dialog).findByRole('region', { name: 'Why this seat' });
    expect(own).toHaveTextContent(ownReason);

    await user.click(within(dialog).getByRole('tab', { name: 'Participants' }));
    const participants = within(dialog).getByRole('table', { name: 'Participants' });
    expect(within(participants).getByRole('columnheader', { name: 'Why this seat' })).toBeInTheDocument();
    expect(within(participants).getByRole('row', { name: /^#1 Alex Morgan/ })).toHaveTextContent(
      'Phone-in bid: Morgan Hale bid Station 1, B, Engineer for you at 09:14 CST.',
    );
    expect(within(participants).getByRole('row', { name: /^#2 Jamie Ortiz/ })).toHaveTextContent(ownReason);
  });

  it('numbers rows by seniority, marks a member moved to the back, and counts what the rows say', async () => {
    // The most senior member was moved to the back and bid last; a junior skipped.
    const seniorMovedBack = buildResultsParticipant(2, 'Dana', 'Reyes', {
      bidPriority: 1,
      movedToBack: true,
      hasBid: true,
      outcome: 'bid',
      assignedStation: { id: 's3', _id: 's3', name: 'Harbor', number: 3 },
      assignedShift: 'A',
      assignedPosition: 'Engineer',
    });
    const skipper = buildResultsParticipant(0, 'Alex', 'Morgan', { bidPriority: 2, outcome: 'skipped' });
    const ended = buildResultsParticipant(1, 'Jamie', 'Ortiz', { bidPriority: 3, outcome: 'not_assigned' });
    const counted = buildSessionResults({
      participants: [skipper, ended, seniorMovedBack],
      statistics: {
        successfulAssignments: 1,
        autoAssignments: 0,
        totalBidsSubmitted: 1,
        averageBidsPerParticipant: 0.33,
        participantsMovedToBack: 1,
        skipped: 1,
        notAssigned: 1,
      },
    });
    const { user } = renderBidHistory({
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }),
      [RESULTS_PATH]: () => jsonResponse(200, { results: counted }),
    });

    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    const figure = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(await within(dialog).findByText('Skipped')).toBeInTheDocument();
    expect([figure('Skipped'), figure('Not assigned')]).toEqual(['1', '1']);

    await user.click(within(dialog).getByRole('tab', { name: 'Participants' }));
    const table = within(dialog).getByRole('table', { name: 'Participants' });
    expect(within(table).getByRole('columnheader', { name: 'Seniority' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['#1', '#2', '#3']);
    expect(rows[0]).toHaveTextContent(/^#1Dana Reyes.*Own bidMoved to the back/);
    // Each figure counts exactly the rows that read its words.
    expect(rows.filter((row) => within(row).queryByText('Skipped'))).toHaveLength(1);
    expect(rows.filter((row) => within(row).queryByText('Not assigned'))).toHaveLength(1);
  });

  it('shows no reason of their own to someone who did not take part', async () => {
    const { user } = renderBidHistory({
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }),
      [RESULTS_PATH]: () => jsonResponse(200, { results }),
    });
    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    expect(await within(dialog).findByText('1h 35m')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Why this seat' })).not.toBeInTheDocument();
  });

  it('shows "Failed to load session results" with the reason and Try Again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let isRefused = true;
    const { user } = renderBidHistory({
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }),
      [RESULTS_PATH]: () =>
        isRefused
          ? jsonResponse(403, { error: BID_MESSAGES.notParticipant, code: 'FORBIDDEN' })
          : jsonResponse(200, { results }),
    });

    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Failed to load session results');
    expect(alert).toHaveTextContent(BID_MESSAGES.notParticipant);
    isRefused = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('1h 35m')).toBeInTheDocument();
  });

  it('lets an administrator export a completed session as .xlsx, and says when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let exports = 0;
    const { user, api } = renderBidHistory(
      {
        'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }),
        [RESULTS_PATH]: () => jsonResponse(200, { results }),
        [EXPORT_PATH]: () => {
          exports += 1;
          if (exports === 2) return jsonResponse(500, {});
          return new Response('PK', {
            status: 200,
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition': 'attachment; filename="Spring_Station_Bid_2026-03-01T10-40-00.xlsx"',
            },
          });
        },
      },
      adminUser,
    );

    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    await user.click(await within(dialog).findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Export completed successfully!')).toBeInTheDocument();
    expect(saved).toEqual(['Spring_Station_Bid_2026-03-01T10-40-00.xlsx']);
    expect(api.requestsTo(EXPORT_PATH)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Failed to export session results')).toBeInTheDocument();
  });

  it('lets a participant download the PDF bid sheet, and shows the reason when it is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sheet'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let downloads = 0;
    const refusal = 'The bid sheet can be printed once the session has completed.';
    const { user, api } = renderBidHistory({
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }),
      [RESULTS_PATH]: () => jsonResponse(200, { results }),
      [BID_SHEET_PATH]: () => {
        downloads += 1;
        if (downloads === 2) return jsonResponse(409, { error: refusal, code: 'CONFLICT' });
        return new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="spring-station-bid-bid-sheet.pdf"',
          },
        });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    await user.click(await within(dialog).findByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(saved).toEqual(['spring-station-bid-bid-sheet.pdf']));
    expect(api.requestsTo(BID_SHEET_PATH)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('offers no Export while the session is still running', async () => {
    const { user } = renderBidHistory(
      {
        'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }),
        [RESULTS_PATH]: () => jsonResponse(200, { results: { ...results, status: 'active', sessionDuration: null } }),
      },
      adminUser,
    );

    await user.click(await screen.findByRole('button', { name: 'View Results of Spring Station Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Spring Station Bid' });
    expect(await within(dialog).findByText('N/A')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('shows the bids as cards on a phone', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    renderBidHistory({ 'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [phoneInBid] }) });

    const list = await screen.findByRole('list', { name: 'Your bids' });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('Station 3 (Harbor) · Shift B · Engineer');
    expect(card).toHaveTextContent('Phone-in');
    expect(screen.queryByRole('table', { name: 'Your bids' })).not.toBeInTheDocument();
  });
});
