import type { MemberImportResponse } from '@stationbid/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { MemberImportTab } from './member-import-tab.tsx';

const IMPORT_PATH = 'POST /api/admin/import-users';

// The tab stands alone (the page around it belongs to the User List work), so it renders without the router.
function renderImportTab(answer: MockHandler) {
  const api = mockApi({ [IMPORT_PATH]: answer });
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
    ).toEqual(['rank', 'position', 'yearsOfService']);
    expect(screen.getByText(/Captain, Battalion Chief, Deputy Chief, Chief/)).toBeInTheDocument();
    expect(screen.getByText(/Firefighter, Paramedic, EMT, Driver, Operator, Officer/)).toBeInTheDocument();
    expect(screen.getByText(/a whole number from 0 to 50/)).toBeInTheDocument();
    expect(screen.getByText(/queued in the outbox/)).toBeInTheDocument();
  });

  it('sends the chosen file and shows the figures, each refused row and the server’s summary', async () => {
    const { api, user } = renderImportTab(() => jsonResponse(200, importAnswer));
    const file = csvFile();

    await user.upload(screen.getByLabelText('Spreadsheet file'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

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
    expect(api.unhandled).toEqual([]);
  });

  it('shows the server’s refusal, and "Upload failed" when the server gives no reason', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const { user } = renderImportTab(() => {
      attempts += 1;
      return attempts === 1
        ? jsonResponse(400, {
            error: "The file's content is not a valid .xlsx spreadsheet. Save it again as .xlsx and retry.",
            code: 'VALIDATION_ERROR',
          })
        : new Response(null, { status: 502 });
    });
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
});
