import type { AdminActivity, AdminStats, HealthResponse, OnlineUser } from '@stationbid/domain';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { resetLiveEvents } from '../../../lib/live-events.ts';
import { resetServerClock } from '../../../lib/server-clock.ts';
import { buildBidSession, buildBidSessionDetail, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { adminUser, buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { toSessionBoard } from '../../../test/session-board-api.ts';

// Each test renders the whole app; on a busy machine its first screen takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const stats: AdminStats = {
  members: { total: 48, active: 45, inactive: 3, pending: 2, admins: 4 },
  onlineMembers: 7,
  stations: { total: 12, active: 11 },
  seats: { total: 120, filled: 90, fillRate: 75 },
  sessions: { total: 9, draft: 2, scheduled: 1, active: 1, paused: 1, completed: 4 },
  bids: { total: 311, last24Hours: 5, last7Days: 41 },
  countedAt: '2026-03-10T12:00:00.000Z',
  totalUsers: 48,
  activeUsers: 45,
  totalStations: 12,
  activeBidSessions: 2,
  completedBidSessions: 4,
  pendingApprovals: 2,
};

const healthy: HealthResponse = {
  status: 'ok',
  time: '2026-03-10T12:00:00.000Z',
  process: { uptimeSeconds: 60, memoryRssMb: 120 },
  database: { kind: 'postgres', status: 'up', latencyMs: 2.1 },
};

// Answers are built when asked, a moment after the page read its clock (useNow): 20 seconds more
// keeps "n minutes ago" at n.
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 20_000).toISOString();

function buildOnlineUser(n: number, overrides: Partial<OnlineUser> = {}): OnlineUser {
  return {
    id: testId('0n', n),
    _id: testId('0n', n),
    firstName: `Online${n}`,
    lastName: 'Member',
    email: `online${n}@stationbid.example`,
    rank: 'Firefighter',
    position: 'Firefighter',
    isAdmin: false,
    lastSeenAt: minutesAgo(n),
    isOnline: true,
    ...overrides,
  };
}

function buildActivity(n: number, overrides: Partial<AdminActivity> = {}): AdminActivity {
  return {
    id: String(n),
    type: 'login',
    title: 'Signed in',
    description: '',
    timestamp: minutesAgo(n * 10),
    memberId: testId('ac', n),
    memberName: `Member ${n}`,
    actorName: `Member ${n}`,
    ...overrides,
  };
}

const turnHolder = buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', position: 1, isCurrentTurn: true });
/** The running session, its turn deadline 2 minutes 5 seconds from when the test builds it. */
const buildActiveSession = () =>
  buildBidSession({
    id: testId('5e55', 1),
    name: 'Spring Station Bid',
    status: 'active',
    participantCount: 4,
    completedBids: 1,
    currentParticipant: 2,
    currentBidEnd: new Date(Date.now() + 125_000).toISOString(),
    currentTurn: turnHolder,
  });
const activeSession = buildActiveSession();
const pausedSession = buildBidSession({
  id: testId('5e55', 2),
  name: 'Relief Crew Bid',
  status: 'paused',
  participantCount: 2,
  currentParticipant: 1,
  pausedRemainingSeconds: 90,
  currentTurn: buildParticipant({ firstName: 'Marcus', lastName: 'Bell', position: 0 }),
});
const draftSession = buildBidSession({ id: testId('5e55', 3), name: 'Next Year', status: 'draft' });

function adminApi(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  const running = buildActiveSession();
  return {
    // As the server answers: the figures in `stats`, and the spec client's flat keys at the top level.
    'GET /api/admin/stats': () => {
      const { totalUsers, activeUsers, totalStations, activeBidSessions, completedBidSessions, pendingApprovals } =
        stats;
      return jsonResponse(200, {
        stats,
        totalUsers,
        activeUsers,
        totalStations,
        activeBidSessions,
        completedBidSessions,
        pendingApprovals,
      });
    },
    'GET /api/department-settings': () =>
      jsonResponse(200, {
        timeZone: 'America/Chicago',
        timeZoneAbbreviation: 'CST',
        source: 'setting',
        defaultTimeZone: 'UTC',
        updatedAt: '2026-03-01T12:00:00.000Z',
      }),
    'GET /api/admin/online-users?limit=5': () =>
      jsonResponse(200, {
        users: [buildOnlineUser(1, { firstName: 'Morgan', lastName: 'Hale', isAdmin: true }), buildOnlineUser(2)],
        total: 7,
      }),
    'GET /api/admin/recent-activity?limit=6': () =>
      jsonResponse(200, {
        activities: [
          buildActivity(1, {
            type: 'bid',
            title: 'Bid submitted',
            description: 'Spring Station Bid: Station 3 (Eastside), shift B, Firefighter',
            memberName: 'Elena Ramirez',
            actorName: 'Morgan Hale',
          }),
          ...[2, 3, 4, 5, 6].map((n) => buildActivity(n)),
        ],
      }),
    'GET /api/bid-sessions?view=summary': () => jsonResponse(200, { sessions: [draftSession, pausedSession, running] }),
    [`GET /api/bid-sessions/${activeSession.id}/board`]: () =>
      jsonResponse(200, {
        board: toSessionBoard(buildBidSessionDetail({ ...activeSession, participants: [turnHolder] })),
      }),
    [`GET /api/bid-sessions/history?sessionId=${activeSession.id}`]: () => jsonResponse(200, { history: [] }),
    'GET /api/health': () => jsonResponse(200, healthy),
    'POST /api/notifications/management': () =>
      jsonResponse(200, {
        emailServiceAvailable: true,
        smsServiceAvailable: false,
        status: {
          email: {
            isConfigured: true,
            lastSentAt: minutesAgo(3),
            queued: 4,
            failed: 1,
          },
          sms: { isConfigured: false, lastSentAt: null, queued: 2, failed: 0 },
          push: { isConfigured: true, lastSentAt: null, queued: 0, failed: 0, devices: 0, removedDevices: 0 },
          recentFailures: [
            {
              id: 'f1',
              channel: 'email',
              kind: 'turn_started',
              recipient: 'elena.ramirez@stationbid.example',
              attempts: 8,
              lastError: '550 Mailbox unavailable',
              lastAttemptAt: new Date(Date.now() - 60_000).toISOString(),
              willRetry: false,
              nextAttemptAt: null,
              deviceRemoved: false,
            },
          ],
        },
      }),
    ...overrides,
  };
}

beforeEach(() => resetServerClock());
afterEach(() => resetLiveEvents());

describe('AdminDashboardPage', { timeout: 20_000 }, () => {
  it('shows the six figures, online members, recent activity and system status from the API', async () => {
    renderApp({ path: '/admin', signedInAs: adminUser, api: adminApi() });

    const figures = await screen.findByRole('list', { name: 'Department figures' });
    const tile = (name: string) => within(figures).getByRole('listitem', { name });
    expect(within(figures).getAllByRole('listitem')).toHaveLength(6);
    expect(tile('Active Members')).toHaveTextContent('45');
    expect(tile('Active Members')).toHaveTextContent('48 in all · 3 inactive · 2 pending · 4 admins');
    expect(tile('Online Now')).toHaveTextContent('7');
    expect(tile('Active Stations')).toHaveTextContent('12 in all · 1 inactive');
    expect(tile('Seats Filled')).toHaveTextContent('90 / 120');
    expect(tile('Seats Filled')).toHaveTextContent('75% fill rate');
    expect(tile('Running Sessions')).toHaveTextContent('2');
    expect(tile('Bids Placed')).toHaveTextContent('311');
    expect(tile('Bids Placed')).toHaveTextContent('5 in the last 24 hours · 41 in the last 7 days');

    const online = screen.getByRole('region', { name: 'Online Users' });
    expect(within(online).getByText('7 online')).toBeInTheDocument();
    const onlineList = within(online).getByRole('list', { name: 'Online users' });
    expect(within(onlineList).getAllByRole('listitem')).toHaveLength(2);
    expect(within(onlineList).getAllByRole('listitem')[0]).toHaveTextContent('Morgan Hale');
    expect(within(onlineList).getAllByRole('listitem')[1]).toHaveTextContent('2m ago');

    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    const entries = within(activity).getAllByRole('listitem');
    expect(entries).toHaveLength(6);
    expect(entries[0]).toHaveTextContent('Bid submitted');
    expect(entries[0]).toHaveTextContent('Elena Ramirez, by Morgan Hale');
    expect(entries[0]).toHaveTextContent('10m ago');
    expect(entries[5]).toHaveTextContent('1h ago');

    const status = await screen.findByRole('region', { name: 'System Status' });
    expect(await within(status).findByText('PostgreSQL, answered in 2.1 ms')).toBeInTheDocument();

    const messages = screen.getByRole('region', { name: 'Messages' });
    const delivery = await within(messages).findByRole('table', { name: 'E-mail, SMS and push delivery' });
    expect(within(delivery).getByRole('row', { name: /E-mail/ })).toHaveTextContent(
      'E-mailConfigured4 queued1 failedLast sent 3m ago',
    );
    expect(within(delivery).getByRole('row', { name: /SMS/ })).toHaveTextContent(
      'SMSNot configured2 queued0 failedNothing sent yet',
    );
    expect(messages).toHaveTextContent('E-mail to elena.ramirez@stationbid.example: 550 Mailbox unavailable');
    expect(within(messages).getByRole('link', { name: 'Notification Management' })).toHaveAttribute(
      'href',
      '/admin/notifications',
    );
  });

  it('warns while the time zone was never chosen or e-mail is not configured, linking to Department Settings', async () => {
    const unset = {
      timeZone: 'UTC',
      timeZoneAbbreviation: 'UTC',
      source: 'default',
      defaultTimeZone: 'UTC',
      updatedAt: null,
    };
    const noEmail = {
      emailServiceAvailable: false,
      smsServiceAvailable: false,
      status: {
        email: { isConfigured: false, lastSentAt: null, queued: 0, failed: 0 },
        sms: { isConfigured: false, lastSentAt: null, queued: 0, failed: 0 },
        push: { isConfigured: true, lastSentAt: null, queued: 0, failed: 0, devices: 0, removedDevices: 0 },
        recentFailures: [],
      },
    };
    renderApp({
      path: '/admin',
      signedInAs: adminUser,
      api: adminApi({
        'GET /api/department-settings': () => jsonResponse(200, unset),
        'POST /api/notifications/management': () => jsonResponse(200, noEmail),
      }),
    });

    const warning = await screen.findByRole('alert', { name: 'The department is not fully set up' });
    expect(await within(warning).findByText(/E-mail is not configured/)).toBeInTheDocument();
    const items = within(warning).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      "The department's time zone is not set: turn times show in UTC. Set it in Department Settings.",
      'E-mail is not configured: turn and reminder e-mails wait unsent until the server has SMTP settings. See Department Settings.',
    ]);
    for (const link of within(warning).getAllByRole('link', { name: 'Department Settings' })) {
      expect(link).toHaveAttribute('href', '/admin/settings');
    }
  });

  it('shows no set-up warning once the time zone is saved and e-mail is configured', async () => {
    renderApp({ path: '/admin', signedInAs: adminUser, api: adminApi() });

    // The delivery table shows that both answers are in.
    const messages = await screen.findByRole('region', { name: 'Messages' });
    await within(messages).findByRole('table', { name: 'E-mail, SMS and push delivery' });
    expect(screen.queryByRole('alert', { name: 'The department is not fully set up' })).not.toBeInTheDocument();
    // The settings themselves are on their own page now.
    expect(screen.queryByRole('region', { name: 'Department time zone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Session records' })).not.toBeInTheDocument();
  });

  it('offers the admin screens and no buttons that do nothing', async () => {
    renderApp({ path: '/admin', signedInAs: adminUser, api: adminApi() });
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    const links = within(actions).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/users',
      '/admin/stations',
      '/admin/bid-sessions',
      '/admin/seniority',
      '/admin/notifications',
      '/admin/settings',
    ]);
    expect(within(actions).getByRole('button', { name: 'Export Data' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Manage Permissions|System Settings/ })).not.toBeInTheDocument();
  });

  it('lists each running session with its turn holder and countdown, and pauses or resumes it', async () => {
    let pauses = 0;
    const { user, api } = renderApp({
      path: '/admin',
      signedInAs: adminUser,
      api: adminApi({
        [`POST /api/bid-sessions/${activeSession.id}/pause`]: () => {
          pauses += 1;
          return jsonResponse(200, { session: buildBidSessionDetail({ ...activeSession, status: 'paused' }) });
        },
        [`POST /api/bid-sessions/${pausedSession.id}/resume`]: () =>
          jsonResponse(200, { session: buildBidSessionDetail({ ...pausedSession, status: 'active' }) }),
      }),
    });
    const windows = await screen.findByRole('region', { name: 'Active Bid Windows' });
    const active = await within(windows).findByRole('article', { name: 'Spring Station Bid' });
    expect(active).toHaveTextContent('Elena Ramirez (Firefighter)');
    // The deadline was set 2:05 ahead when this file loaded; a busy machine takes seconds to get here.
    expect(within(active).getByRole('timer')).toHaveTextContent(/^(1:[0-5]\d|2:0[0-5])$/);
    expect(active).toHaveTextContent('1 of 4 participants done');
    expect(within(active).getByRole('link', { name: 'Open the control panel of Spring Station Bid' })).toHaveAttribute(
      'href',
      '/admin/bid-sessions',
    );
    const paused = within(windows).getByRole('article', { name: 'Relief Crew Bid' });
    expect(within(paused).getByRole('timer')).toHaveTextContent('1:30');
    expect(within(paused).getByRole('timer')).toHaveAccessibleName('1 minute 30 seconds left, paused');
    // Drafts are not running: no window for them.
    expect(within(windows).queryByRole('article', { name: 'Next Year' })).not.toBeInTheDocument();

    await user.click(within(active).getByRole('button', { name: 'Pause Spring Station Bid' }));
    expect(await screen.findByText('Spring Station Bid paused: the turn clock is stopped')).toBeInTheDocument();
    expect(pauses).toBe(1);
    await user.click(within(paused).getByRole('button', { name: 'Resume Relief Crew Bid' }));
    await waitFor(() => expect(api.requestsTo(`POST /api/bid-sessions/${pausedSession.id}/resume`)).toHaveLength(1));
  });

  it('says "Expired" when the turn deadline has passed', async () => {
    const late = { ...activeSession, currentBidEnd: new Date(Date.now() - 5_000).toISOString() };
    renderApp({
      path: '/admin',
      signedInAs: adminUser,
      api: adminApi({ 'GET /api/bid-sessions?view=summary': () => jsonResponse(200, { sessions: [late] }) }),
    });
    const window = await screen.findByRole('article', { name: 'Spring Station Bid' });
    expect(within(window).getByRole('timer')).toHaveTextContent('Expired');
  });

  it('shows the live draft of the first active session and View Live Draft moves there', async () => {
    // jsdom has no layout, so no scrollIntoView: a stand-in records the call and is removed after.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    const { user } = renderApp({ path: '/admin', signedInAs: adminUser, api: adminApi() });
    const draft = await screen.findByRole('region', { name: 'Live Draft' }, { timeout: 5000 });
    expect(draft).toHaveTextContent('Spring Station Bid');

    await user.click(screen.getByRole('button', { name: 'View Live Draft' }));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(draft.parentElement).toHaveFocus();
  });

  it('has no live draft and no View Live Draft when nothing runs', async () => {
    renderApp({
      path: '/admin',
      signedInAs: adminUser,
      api: adminApi({ 'GET /api/bid-sessions?view=summary': () => jsonResponse(200, { sessions: [draftSession] }) }),
    });
    expect(await screen.findByText('No Active Sessions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Live Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Live Draft' })).not.toBeInTheDocument();
  });

  it('downloads the members and stations workbook with Export Data', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderApp({
      path: '/admin',
      signedInAs: adminUser,
      api: adminApi({
        'GET /api/admin/export': () =>
          new Response('PK', {
            status: 200,
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition': 'attachment; filename="stationbid-data-20260310-120000.xlsx"',
            },
          }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Export Data' }));
    expect(await screen.findByText('Export completed successfully!')).toBeInTheDocument();
    expect(clicked).toEqual(['stationbid-data-20260310-120000.xlsx']);
  });

  it('shows why the figures did not load, with Try Again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({
      path: '/admin',
      signedInAs: adminUser,
      api: adminApi({ 'GET /api/admin/stats': () => jsonResponse(500, { error: 'Boom', code: 'INTERNAL_ERROR' }) }),
    });
    expect(await screen.findByText('Failed to load dashboard data', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('refreshes the figures and activity when a running session moves on the live stream', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const { api } = renderApp({
      path: '/admin',
      signedInAs: adminUser,
      api: adminApi({ 'POST /api/live/ticket': () => jsonResponse(200, { ticket: 'ticket-1', expiresInSeconds: 30 }) }),
    });
    await screen.findByRole('list', { name: 'Department figures' });
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(FakeEventSource.latest().sessions.sort()).toEqual([activeSession.id, pausedSession.id].sort()),
    );
    const stream = FakeEventSource.latest();
    act(() => stream.open());
    // An opened stream reads the followed board once (what changed before it opened was not sent).
    await waitFor(() =>
      expect(api.requestsTo(`GET /api/bid-sessions/${activeSession.id}/board`).length).toBeGreaterThan(1),
    );
    const statsReads = api.requestsTo('GET /api/admin/stats').length;
    const activityReads = api.requestsTo('GET /api/admin/recent-activity?limit=6').length;

    act(() =>
      stream.send({
        type: 'session.changed',
        sessionId: activeSession.id,
        action: 'bid_submitted',
        at: new Date().toISOString(),
      }),
    );
    await waitFor(() => expect(api.requestsTo('GET /api/admin/stats').length).toBeGreaterThan(statsReads));
    await waitFor(() =>
      expect(api.requestsTo('GET /api/admin/recent-activity?limit=6').length).toBeGreaterThan(activityReads),
    );
  });

  it('is for administrators only', async () => {
    renderApp({
      path: '/admin',
      signedInAs: buildUser({ isAdmin: false }),
      api: {
        ...adminApi(),
        'GET /api/bid-sessions/current?view=summary': () => jsonResponse(200, { session: null, sessions: [] }),
        'GET /api/users/bid-status': () =>
          jsonResponse(200, { position: null, isUserTurn: false, timeRemaining: 0, session: null }),
        'GET /api/users/notifications?limit=5': () => jsonResponse(200, { notifications: [], unreadCount: 0 }),
        'GET /api/users/recent-activity?limit=5': () => jsonResponse(200, { activities: [] }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Department figures' })).not.toBeInTheDocument();
  });
});
