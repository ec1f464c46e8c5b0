import {
  API_TOKEN_MESSAGES,
  type ApiToken,
  ROSTER_SYNC_MESSAGES,
  type RosterSyncJob,
  type RosterSyncResult,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
} from '@stationbid/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Each test renders the whole app; on a busy machine its first screen takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const SECRET = `sbt_${'A1b2C3d4'.repeat(6)}`;

function buildToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: '0b7c2a4e-3f1d-4c55-9a0e-5b7f0f6d1a01',
    name: 'Payroll export',
    prefix: 'sbt_Zx81Qa',
    scopes: ['results:read'],
    createdAt: '2026-11-20T15:00:00.000Z',
    createdBy: { id: '6a1f0c9e-2b3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Dana Chief' },
    expiresAt: null,
    lastUsedAt: '2026-11-28T09:30:00.000Z',
    revokedAt: null,
    status: 'active',
    ...overrides,
  };
}

function integrationsApi(tokens: ApiToken[], overrides: Record<string, MockHandler> = {}) {
  return {
    'GET /api/admin/api-tokens': () => jsonResponse(200, { tokens }),
    'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints: [] }),
    'GET /api/admin/roster/jobs?limit=10': () => jsonResponse(200, { jobs: [] }),
    ...overrides,
  };
}

describe('IntegrationsPage', { timeout: 20_000 }, () => {
  it('lists each token with its scopes, creator, last use, expiry and status', async () => {
    renderApp({
      path: '/admin/integrations',
      signedInAs: adminUser,
      api: integrationsApi([
        buildToken(),
        buildToken({
          id: '0b7c2a4e-3f1d-4c55-9a0e-5b7f0f6d1a02',
          name: 'Old scheduler',
          scopes: ['sessions:read', 'results:read'],
          lastUsedAt: null,
          revokedAt: '2026-11-25T10:00:00.000Z',
          status: 'revoked',
        }),
      ]),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    const payroll = await screen.findByRole('listitem', { name: 'Payroll export' });
    expect(within(payroll).getByText('Active')).toBeInTheDocument();
    expect(within(payroll).getByText('results:read')).toBeInTheDocument();
    expect(within(payroll).getByText(/by Dana Chief/)).toBeInTheDocument();
    expect(within(payroll).getByText('Expires:').nextSibling).toHaveTextContent('Never');
    expect(within(payroll).getByRole('button', { name: 'Revoke Payroll export' })).toBeInTheDocument();

    const old = screen.getByRole('listitem', { name: 'Old scheduler' });
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).getByText('Last used:').nextSibling).toHaveTextContent('Never');
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('creates a token and shows its secret once, with a warning and a copy button', async () => {
    const created = buildToken({
      id: '0b7c2a4e-3f1d-4c55-9a0e-5b7f0f6d1a03',
      name: 'HR roster sync',
      scopes: ['sessions:read'],
      prefix: SECRET.slice(0, 10),
      lastUsedAt: null,
    });
    let tokens: ApiToken[] = [];
    const { user, api } = renderApp({
      path: '/admin/integrations',
      signedInAs: adminUser,
      api: {
        'GET /api/admin/api-tokens': () => jsonResponse(200, { tokens }),
        'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints: [] }),
        'POST /api/admin/api-tokens': () => {
          tokens = [created];
          return jsonResponse(201, { token: created, secret: SECRET, message: API_TOKEN_MESSAGES.created });
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Create API token' }));
    const form = await screen.findByRole('form', { name: 'Create API token' });
    // Nothing chosen: the fields say what is missing, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(form).getByText(API_TOKEN_MESSAGES.scopesRequired)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/api-tokens')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'HR roster sync');
    await user.click(within(form).getByRole('checkbox', { name: /sessions:read/ }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Expires' }), 'In 90 days');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'API token "HR roster sync" created' });
    expect(within(dialog).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'API token' })).toHaveValue(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    const [sent] = api.requestsTo('POST /api/admin/api-tokens');
    expect(sent?.body).toMatchObject({ name: 'HR roster sync', scopes: ['sessions:read'] });
    const expiresAt = (sent?.body as { expiresAt?: string } | undefined)?.expiresAt ?? '';
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(89 * 24 * 3600_000);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'HR roster sync' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('revokes a token after a confirmation, and shows a refusal in the dialog', async () => {
    let revokeAnswer = jsonResponse(409, { error: API_TOKEN_MESSAGES.alreadyRevoked, code: 'CONFLICT' });
    const token = buildToken();
    const { user, api } = renderApp({
      path: '/admin/integrations',
      signedInAs: adminUser,
      api: integrationsApi([token], {
        [`DELETE /api/admin/api-tokens/${token.id}`]: () => revokeAnswer,
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Revoke Payroll export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API token' });
    expect(within(dialog).getByText(/refused from its next call/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(API_TOKEN_MESSAGES.alreadyRevoked);

    revokeAnswer = jsonResponse(200, {
      token: { ...token, status: 'revoked', revokedAt: '2026-11-29T10:00:00.000Z' },
      message: API_TOKEN_MESSAGES.revoked,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(`DELETE /api/admin/api-tokens/${token.id}`)).toHaveLength(2);
  });
});

const WEBHOOK_SECRET = `whsec_${'c2VjcmV0'.repeat(4)}`;

function buildEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    url: 'https://hooks.example.org/stationbid',
    description: 'Scheduling system',
    events: ['session.started', 'session.completed'],
    enabled: true,
    disabledReason: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    lastDelivery: { event: 'session.started', status: 'delivered', responseCode: 200, at: '2026-11-28T09:30:00.000Z' },
    ...overrides,
  };
}

describe('IntegrationsPage: webhooks', { timeout: 20_000 }, () => {
  it("lists each endpoint with its events and its last delivery's result", async () => {
    renderApp({
      path: '/admin/integrations',
      signedInAs: adminUser,
      api: integrationsApi([], {
        'GET /api/admin/webhooks': () =>
          jsonResponse(200, {
            endpoints: [
              buildEndpoint(),
              buildEndpoint({
                id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d7',
                description: 'Old payroll',
                url: 'https://payroll.example.org/hook',
                enabled: false,
                disabledReason: 'The endpoint answered 410 Gone, so StationBid stopped sending to it',
                lastDelivery: {
                  event: 'member.changed',
                  status: 'failed',
                  responseCode: 410,
                  at: '2026-11-28T10:00:00.000Z',
                },
              }),
            ],
          }),
      }),
    });

    const section = await screen.findByRole('region', { name: 'Webhooks' });
    const scheduling = await within(section).findByRole('listitem', { name: 'Scheduling system' });
    expect(within(scheduling).getByText('https://hooks.example.org/stationbid')).toBeInTheDocument();
    expect(within(scheduling).getByText('session.completed')).toBeInTheDocument();
    expect(within(scheduling).getByText(/session\.started, delivered \(200\)/)).toBeInTheDocument();
    expect(within(scheduling).getByRole('switch', { name: 'Send events to Scheduling system' })).toBeChecked();

    const payroll = within(section).getByRole('listitem', { name: 'Old payroll' });
    expect(within(payroll).getByText(/410 Gone/)).toBeInTheDocument();
    expect(within(payroll).getByText(/member\.changed, failed \(410\)/)).toBeInTheDocument();
    expect(within(payroll).getByRole('button', { name: 'Send a test event to Old payroll' })).toBeDisabled();
  });

  it('adds an endpoint with chosen events and shows its signing secret once, with a copy button', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const created = buildEndpoint({ events: ['award.made'], lastDelivery: null });
    const { user, api } = renderApp({
      path: '/admin/integrations',
      signedInAs: adminUser,
      api: integrationsApi([], {
        'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints }),
        'POST /api/admin/webhooks': () => {
          endpoints = [created];
          return jsonResponse(201, { endpoint: created, secret: WEBHOOK_SECRET, message: WEBHOOK_MESSAGES.created });
        },
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Add webhook endpoint' }));
    const form = await screen.findByRole('form', { name: 'Add webhook endpoint' });
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlRequired)).toBeInTheDocument();
    expect(within(form).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/webhooks')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://10.0.0.7/hook');
    await user.click(within(form).getByRole('checkbox', { name: /award\.made/ }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: /URL/ }));
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://hooks.example.org/stationbid');
    await user.type(within(form).getByRole('textbox', { name: /Description/ }), 'Scheduling system');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Webhook endpoint added' });
    expect(within(dialog).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(WEBHOOK_SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    const [sent] = api.requestsTo('POST /api/admin/webhooks');
    expect(sent?.body).toEqual({
      url: 'https://hooks.example.org/stationbid',
      description: 'Scheduling system',
      events: ['award.made'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Scheduling system' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(WEBHOOK_SECRET)).not.toBeInTheDocument();
  });

  it('sends a test, rotates the secret and deletes after a confirmation', async () => {
    const endpoint = buildEndpoint();
    const { user, api } = renderApp({
      path: '/admin/integrations',
      signedInAs: adminUser,
      api: integrationsApi([], {
        'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints: [endpoint] }),
        [`POST /api/admin/webhooks/${endpoint.id}/test`]: () =>
          jsonResponse(202, { message: WEBHOOK_MESSAGES.testQueued }),
        [`POST /api/admin/webhooks/${endpoint.id}/rotate-secret`]: () =>
          jsonResponse(200, { endpoint, secret: WEBHOOK_SECRET, message: WEBHOOK_MESSAGES.rotated }),
        [`DELETE /api/admin/webhooks/${endpoint.id}`]: () => jsonResponse(200, { message: WEBHOOK_MESSAGES.deleted }),
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Send a test event to Scheduling system' }));
    await waitFor(() => expect(api.requestsTo(`POST /api/admin/webhooks/${endpoint.id}/test`)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Rotate the secret of Scheduling system' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(secretDialog).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(WEBHOOK_SECRET);
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Scheduling system' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook endpoint' });
    expect(within(confirm).getByText(/Nothing more is sent to it/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(`DELETE /api/admin/webhooks/${endpoint.id}`)).toHaveLength(1);
  });
});

function buildRosterResult(overrides: Partial<RosterSyncResult> = {}): RosterSyncResult {
  return {
    dryRun: false,
    total: 300,
    created: 2,
    updated: 3,
    unchanged: 294,
    skipped: 1,
    reactivated: 1,
    deactivated: 1,
    changes: [],
    deactivations: [{ employeeId: 'E-0877', name: 'Lee Moreau' }],
    keptActive: [
      { employeeId: 'E-0912', name: 'Bo Reyes', reason: ROSTER_SYNC_MESSAGES.keptInRunningSession('Winter Bid 2027') },
    ],
    errors: [{ row: 12, error: 'Invalid email address' }],
    unknownColumns: [],
    emailsQueued: 2,
    emailsSent: 0,
    emailsFailed: 0,
    ...overrides,
  };
}

function buildRosterJob(overrides: Partial<RosterSyncJob> = {}): RosterSyncJob {
  return {
    id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    state: 'succeeded',
    fileName: 'roster.json',
    rowsDone: 300,
    rowsTotal: 300,
    results: buildRosterResult(),
    message: null,
    error: null,
    startedBy: 'API token "HR nightly"',
    createdAt: '2026-11-28T09:30:00.000Z',
    finishedAt: '2026-11-28T09:30:04.000Z',
    ...overrides,
  };
}

describe('IntegrationsPage: roster sync', { timeout: 20_000 }, () => {
  it('says no roster sync has run yet, and how to start one', async () => {
    const { api } = renderApp({ path: '/admin/integrations', signedInAs: adminUser, api: integrationsApi([]) });

    const section = await screen.findByRole('region', { name: 'Roster sync' });
    expect(within(section).getByText(/PUT \/api\/admin\/roster/)).toBeInTheDocument();
    expect(await within(section).findByText(/No roster sync has run yet/)).toHaveTextContent(
      /create an API token with the roster:write scope above/,
    );
    expect(within(section).getByText('docs/integrations.md')).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Latest roster syncs' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/admin/roster/jobs?limit=10')).toHaveLength(1);
  });

  it('shows a sync with who sent it, its counts, and who was deactivated or kept active in its details', async () => {
    const { user } = renderApp({
      path: '/admin/integrations',
      signedInAs: adminUser,
      api: integrationsApi([], {
        'GET /api/admin/roster/jobs?limit=10': () => jsonResponse(200, { jobs: [buildRosterJob()] }),
      }),
    });

    const list = await screen.findByRole('list', { name: 'Latest roster syncs' });
    const [sync] = within(list).getAllByRole('listitem');
    if (sync === undefined) throw new Error('No roster sync listed');
    expect(within(sync).getByText('Synced')).toBeInTheDocument();
    expect(sync).toHaveTextContent('Sent by: API token "HR nightly"');
    expect(
      within(sync).getByText(
        '2 new members, 3 updated, 1 reactivated, 1 deactivated, 294 unchanged, 1 left out but kept active, 1 row with errors',
      ),
    ).toBeInTheDocument();

    const toggle = within(sync).getByRole('button', { name: /^Show details/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(sync).queryByRole('list', { name: 'Deactivated (1)' })).not.toBeInTheDocument();
    // By keyboard, as the disclosure must be operable without a pointer.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(within(sync).getByRole('button', { name: /^Hide details/ })).toHaveAttribute('aria-expanded', 'true');
    expect(await within(sync).findByRole('list', { name: 'Deactivated (1)' })).toHaveTextContent('Lee Moreau (E-0877)');
    expect(within(sync).getByRole('list', { name: 'Left out but kept active (1)' })).toHaveTextContent(
      'Bo Reyes (E-0912): In the running bid session "Winter Bid 2027"; deactivate after it ends',
    );
    expect(within(sync).getByRole('list', { name: 'Rows with errors (1)' })).toHaveTextContent(
      'Row 12: Invalid email address',
    );
  });

  it("shows a failed sync's error, and a running sync's progress until it has finished", async () => {
    let running = true;
    const failed = buildRosterJob({
      id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e70',
      state: 'failed',
      results: null,
      error: ROSTER_SYNC_MESSAGES.failed,
      startedBy: 'Dana Chief',
      createdAt: '2026-11-27T09:30:00.000Z',
    });
    const current = () =>
      running
        ? buildRosterJob({ state: 'running', rowsDone: 1200, rowsTotal: 3000, results: null, finishedAt: null })
        : buildRosterJob({ rowsDone: 3000, rowsTotal: 3000, results: buildRosterResult({ total: 3000 }) });
    const { api } = renderApp({
      path: '/admin/integrations',
      signedInAs: adminUser,
      api: integrationsApi([], {
        'GET /api/admin/roster/jobs?limit=10': () => jsonResponse(200, { jobs: [current(), failed] }),
      }),
    });

    const list = await screen.findByRole('list', { name: 'Latest roster syncs' });
    const [runningSync, failedSync] = within(list).getAllByRole('listitem');
    if (runningSync === undefined || failedSync === undefined) throw new Error('Roster syncs not listed');
    expect(within(failedSync).getByText('Failed')).toBeInTheDocument();
    expect(within(failedSync).getByText(ROSTER_SYNC_MESSAGES.failed)).toBeInTheDocument();
    expect(failedSync).toHaveTextContent('Sent by: Dana Chief');

    expect(within(runningSync).getByText('Running')).toBeInTheDocument();
    expect(within(runningSync).getByRole('progressbar', { name: '1,200 of 3,000 members checked' })).toHaveAttribute(
      'aria-valuenow',
      '1200',
    );
    // Read again while it runs; once it has finished, its counts show and the reading stops.
    running = false;
    expect(await within(list).findByText(/^2 new members, 3 updated/, {}, { timeout: 8000 })).toBeInTheDocument();
    const reads = api.requestsTo('GET /api/admin/roster/jobs?limit=10').length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(api.requestsTo('GET /api/admin/roster/jobs?limit=10')).toHaveLength(reads);
  });
});
