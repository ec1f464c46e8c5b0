import { IMPORT_JOB_MESSAGES, type MemberImportResponse } from '@stationbid/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { MemberImportTab } from './member-import-tab.tsx';

const IMPORT_PATH = 'POST /api/admin/import-users';
const PREVIEW_PATH = 'POST /api/admin/import-users?dryRun=1';

// The tab stands alone (the page around it belongs to the User List work), so it renders without the router.
function renderImportTab(
  answer: MockHandler,
  more: Record<string, MockHandler> = {},
  preview: MockHandler = () => jsonResponse(200, previewAnswer),
) {
  const api = mockApi({ [IMPORT_PATH]: answer, [PREVIEW_PATH]: preview, ...more });
  render(
    <AppProviders>
      <MemberImportTab />
    </AppProviders>,
  );
  return { api, user: userEvent.setup() };
}

function csvFile(name = 'members.csv') {
  return new File(['firstName,lastName,email,employeeId\nJordan,Avery,jordan.avery@example.org,FD-2041\n'], name, {
    type: 'text/csv',
  });
}

const importAnswer: MemberImportResponse = {
  results: {
    created: 18,
    skipped: 2,
    emailsSent: 0,
    emailsFailed: 0,
    emailsQueued: 18,
    total: 20,
    errors: [
      { row: 7, error: 'Unknown rank "Sergeant". Use one of: Firefighter, Engineer, Lieutenant' },
      { row: 15, error: 'Years of service must be a whole number from 0 to 50 (found "60")' },
    ],
  },
  message:
    'Import completed! 18 users created, 2 skipped. Emails sent: 0, failed: 0. 18 password-setup e-mails are queued in the outbox; e-mail delivery is not configured yet.',
};

const previewAnswer: MemberImportResponse = {
  results: {
    created: 18,
    skipped: 2,
    emailsSent: 0,
    emailsFailed: 0,
    emailsQueued: 0,
    total: 21,
    errors: [{ row: 7, error: 'Phone "12345" is not a phone number. Enter a 10-digit mobile number' }],
    updated: 1,
    unchanged: 0,
    changes: [
      { row: 2, kind: 'new', name: 'Jordan Avery', employeeId: 'FD-2041', fields: ['phone: (555) 201-4477'] },
      {
        row: 3,
        kind: 'updated',
        name: 'Riley Chen',
        employeeId: 'FD-2042',
        fields: ['seat: Station 3, shift A, Engineer'],
      },
    ],
    unknownColumns: ['Badge colour'],
    dryRun: true,
  },
  message: 'Preview: 18 new members, 1 updated, 0 unchanged, 2 rows with errors. Nothing is saved yet.',
};

/** Chooses the file, uploads it for its preview, then confirms the import. */
async function uploadAndConfirm(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByLabelText('Spreadsheet file'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await user.click(await screen.findByRole('button', { name: 'Import 19 members' }));
}

describe('MemberImportTab', () => {
  it('lists the columns and the accepted ranks, positions and years before anything is uploaded', () => {
    renderImportTab(() => jsonResponse(200, importAnswer));

    expect(screen.getByRole('heading', { name: 'Upload a spreadsheet of members' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Template' })).toBeInTheDocument();
    const required = screen.getByRole('heading', { name: 'Required columns' }).nextElementSibling as HTMLElement;
    expect(
      within(required)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['firstName', 'lastName', 'email', 'employeeId']);
    const optional = screen.getByRole('heading', { name: 'Optional columns' }).nextElementSibling as HTMLElement;
    expect(
      within(optional)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'rank',
      'position',
      'yearsOfService',
      'hireDate',
      'rankDate',
      'listNumber',
      'certifications',
      'phone',
      'station',
      'shift',
      'seat',
    ]);
    expect(screen.getByText(/such as PM:2027-06-30;DO/)).toBeInTheDocument();
    expect(screen.getByText(/Captain, Battalion Chief, Deputy Chief, Chief/)).toBeInTheDocument();
    expect(screen.getByText(/Firefighter, Paramedic, EMT, Driver, Operator, Officer/)).toBeInTheDocument();
    expect(screen.getByText(/a whole number from 0 to 50/)).toBeInTheDocument();
    expect(screen.getByText(/queued in the outbox/)).toBeInTheDocument();
    // An existing member: every filled-in column is updated, an empty cell leaves the field alone.
    expect(screen.getByText(/employee ID of a member already here updates that member/)).toHaveTextContent(
      'An empty cell leaves that field as it is.',
    );
    expect(screen.queryByText(/only their phone and seat/)).not.toBeInTheDocument();
  });

  it("lists each of an updated member's changes as old -> new, one line each", async () => {
    const fields = ['first name: Rily -> Riley', 'rank: Firefighter -> Engineer', 'certifications: none -> DO; PM'];
    const answer = structuredClone(previewAnswer);
    answer.results.changes = [{ row: 3, kind: 'updated', name: 'Riley Chen', employeeId: 'FD-2042', fields }];
    const { user } = renderImportTab(
      () => jsonResponse(200, importAnswer),
      {},
      () => jsonResponse(200, answer),
    );
    await user.upload(screen.getByLabelText('Spreadsheet file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const preview = await screen.findByRole('region', { name: 'Preview: nothing is saved yet' });
    const table = within(preview).getByRole('table', { name: 'Changes to import' });
    expect(within(table).getByRole('columnheader', { name: 'Member' })).toBeInTheDocument();
    for (const field of fields) expect(within(table).getByText(field)).toBeInTheDocument();
  });

  it('sends the chosen file and shows the figures, each refused row and the server’s summary', async () => {
    const { api, user } = renderImportTab(() => jsonResponse(200, importAnswer));
    const file = csvFile();

    await uploadAndConfirm(user, file);

    const results = await screen.findByRole('region', { name: 'Import Results' });
    const figures = Object.fromEntries(
      ['Created', 'Skipped', 'Total', 'Emails queued', 'Emails sent', 'Emails failed'].map((label) => [
        label,
        within(results).getByText(label).nextElementSibling?.textContent,
      ]),
    );
    expect(figures).toEqual({
      Created: '18',
      Skipped: '2',
      Total: '20',
      'Emails queued': '18',
      'Emails sent': '0',
      'Emails failed': '0',
    });
    const rows = within(within(results).getByRole('table', { name: 'Rows not imported' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '7Unknown rank "Sergeant". Use one of: Firefighter, Engineer, Lieutenant',
      '15Years of service must be a whole number from 0 to 50 (found "60")',
    ]);
    expect(screen.getByText(importAnswer.message)).toBeInTheDocument();

    const [request] = api.requestsTo(IMPORT_PATH);
    expect(request?.formData?.get('file')).toBe(file);
    expect(api.requestsTo(PREVIEW_PATH)[0]?.formData?.get('file')).toBe(file);
    expect(api.unhandled).toEqual([]);
  });

  it('previews what the file would change and imports nothing until confirmed; Cancel drops it', async () => {
    const { api, user } = renderImportTab(() => jsonResponse(200, importAnswer));
    await user.upload(screen.getByLabelText('Spreadsheet file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const preview = await screen.findByRole('region', { name: 'Preview: nothing is saved yet' });
    const figures = Object.fromEntries(
      ['New members', 'Updated members', 'Unchanged', 'Row errors'].map((label) => [
        label,
        within(preview).getByText(label).nextElementSibling?.textContent,
      ]),
    );
    expect(figures).toEqual({ 'New members': '18', 'Updated members': '1', Unchanged: '0', 'Row errors': '2' });
    expect(within(preview).getByText(/Badge colour/)).toBeInTheDocument();
    const changes = within(within(preview).getByRole('table', { name: 'Changes to import' })).getAllByRole('row');
    expect(changes.slice(1).map((row) => row.textContent)).toEqual([
      '2Jordan AveryNewphone: (555) 201-4477',
      '3Riley ChenUpdatedseat: Station 3, shift A, Engineer',
    ]);
    expect(
      within(within(preview).getByRole('table', { name: 'Rows that will not be imported' })).getAllByRole('row'),
    ).toHaveLength(2);
    expect(api.requestsTo(IMPORT_PATH)).toHaveLength(0);

    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Preview: nothing is saved yet' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(api.requestsTo(IMPORT_PATH)).toHaveLength(0);
  });

  it('shows the server’s refusal, and "Upload failed" when the server gives no reason', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const refuse = () => {
      attempts += 1;
      return attempts === 1
        ? jsonResponse(400, {
            error: "The file's content is not a valid .xlsx spreadsheet. Save it again as .xlsx and retry.",
            code: 'VALIDATION_ERROR',
          })
        : new Response(null, { status: 502 });
    };
    // The preview reads the file first, so its refusal is the one shown.
    const { user } = renderImportTab(refuse, {}, refuse);
    const input = screen.getByLabelText('Spreadsheet file');

    await user.upload(input, csvFile('members.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The file's content is not a valid .xlsx spreadsheet");

    await user.upload(input, csvFile('members-again.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed');
    expect(screen.queryByRole('region', { name: 'Import Results' })).not.toBeInTheDocument();
    expect(logError).toHaveBeenCalledTimes(2);
  });

  it('shows a labelled progress bar while the server imports a large file as a job, then the row errors', async () => {
    const jobId = '55555555-5555-4555-8555-555555555555';
    const job = (rowsDone: number, finished = false) => ({
      id: jobId,
      state: finished ? 'succeeded' : 'running',
      fileName: 'members.csv',
      rowsDone,
      rowsTotal: 20_000,
      results: finished ? { ...importAnswer.results, created: 19_998, total: 20_000 } : null,
      message: finished ? importAnswer.message : null,
      error: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      finishedAt: finished ? '2026-01-01T00:01:00.000Z' : null,
    });
    const reads = [job(4_200), job(12_600)];
    let releaseLastRead: () => void = () => undefined;
    const lastRead = new Promise<void>((resolve) => {
      releaseLastRead = resolve;
    });
    const { api, user } = renderImportTab(
      () => jsonResponse(202, { job: job(0), message: 'Import of 20000 rows started.' }),
      {
        [`GET /api/admin/import-jobs/${jobId}`]: async () => {
          const next = reads.shift();
          if (next !== undefined) return jsonResponse(200, { job: next });
          await lastRead;
          return jsonResponse(200, { job: job(20_000, true) });
        },
      },
    );

    await uploadAndConfirm(user, csvFile());

    const bar = await screen.findByRole('progressbar', { name: /Importing members/ });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '12600'), { timeout: 5000 });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '20000');
    expect(bar).toHaveAttribute('aria-valuetext', '12,600 of 20,000 rows');
    expect(screen.getByText('Importing members: 12,600 of 20,000 rows (63%)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Import Results' })).not.toBeInTheDocument();

    releaseLastRead();
    const results = await screen.findByRole('region', { name: 'Import Results' }, { timeout: 5000 });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(results).getByText('Created').nextElementSibling?.textContent).toBe('19998');
    const rows = within(within(results).getByRole('table', { name: 'Rows not imported' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '7Unknown rank "Sergeant". Use one of: Firefighter, Engineer, Lieutenant',
      '15Years of service must be a whole number from 0 to 50 (found "60")',
    ]);
    expect(api.requestsTo(`GET /api/admin/import-jobs/${jobId}`)).toHaveLength(3);
    expect(api.unhandled).toEqual([]);
  });

  it('says why when the import job fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const jobId = '66666666-6666-4666-8666-666666666666';
    const failed = {
      id: jobId,
      state: 'failed',
      fileName: 'members.csv',
      rowsDone: 4_200,
      rowsTotal: 20_000,
      results: null,
      message: null,
      error: IMPORT_JOB_MESSAGES.serverStopped,
      createdAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:01:00.000Z',
    };
    const { user } = renderImportTab(
      () =>
        jsonResponse(202, {
          job: { ...failed, state: 'running', rowsDone: 0, error: null, finishedAt: null },
          message: 'started',
        }),
      { [`GET /api/admin/import-jobs/${jobId}`]: () => jsonResponse(200, { job: failed }) },
    );
    await uploadAndConfirm(user, csvFile());
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      /The server stopped while this import ran/,
    );
  });
});
