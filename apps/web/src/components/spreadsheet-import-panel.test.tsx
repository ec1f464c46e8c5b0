import { MantineProvider } from '@mantine/core';
import { IMPORT_MESSAGES, LIMITS } from '@stationbid/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { type ImportOutcome, SpreadsheetImportPanel } from './spreadsheet-import-panel.tsx';

function renderPanel(upload: ComponentProps<typeof SpreadsheetImportPanel>['upload']) {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MantineProvider>
      <SpreadsheetImportPanel
        subject="members"
        templateFileName="user_import_template.csv"
        templateColumns={['firstName', 'email']}
        templateExampleRows={[['Ana', 'ana@example.com']]}
        requiredColumns={['firstName', 'email']}
        optionalColumns={['rank']}
        notes={['Duplicates are skipped.']}
        upload={upload}
      />
    </MantineProvider>,
  );
  return user;
}

const csv = (name = 'members.csv', content = 'firstName,email\nAna,ana@example.com\n') =>
  new File([content], name, { type: 'text/csv' });

describe('SpreadsheetImportPanel', () => {
  it('lists the columns and notes, and keeps Upload disabled until a file is chosen', () => {
    renderPanel(vi.fn());
    expect(screen.getByText('firstName')).toBeInTheDocument();
    expect(screen.getByText('rank')).toBeInTheDocument();
    expect(screen.getByText('Duplicates are skipped.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('uploads the chosen file and shows the figures and each refused row', async () => {
    const upload = vi.fn(
      async (): Promise<ImportOutcome> => ({
        figures: [
          { label: 'Created', value: 18 },
          { label: 'Skipped', value: 0 },
        ],
        errors: [
          { row: 6, error: 'Unknown rank "Admiral"' },
          { row: 13, error: 'Years cannot exceed 50' },
        ],
      }),
    );
    const user = renderPanel(upload);
    const file = csv();
    await user.upload(screen.getByLabelText('Spreadsheet file'), file);
    expect(screen.getByText('members.csv')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(upload).toHaveBeenCalledWith(file, expect.any(Function));
    const results = await screen.findByRole('region', { name: 'Import Results' });
    expect(within(results).getByText('Created').nextSibling).toHaveTextContent('18');
    const rows = within(results).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowError',
      '6Unknown rank "Admiral"',
      '13Years cannot exceed 50',
    ]);
  });

  it('shows the rows done while the server imports in the background, then the results', async () => {
    let finish: (outcome: ImportOutcome) => void = () => {};
    let report: (progress: { rowsDone: number; rowsTotal: number }) => void = () => {};
    const upload = vi.fn(
      (_file: File, onProgress: typeof report) =>
        new Promise<ImportOutcome>((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    const user = renderPanel(upload);
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    act(() => report({ rowsDone: 1200, rowsTotal: 20000 }));
    const bar = screen.getByRole('progressbar', { name: /Importing members/ });
    expect(bar).toHaveAttribute('aria-valuenow', '1200');
    expect(bar).toHaveAttribute('aria-valuetext', '1,200 of 20,000 rows');
    expect(screen.getByText('Importing members: 1,200 of 20,000 rows (6%)')).toBeInTheDocument();

    act(() => finish({ figures: [{ label: 'Created', value: 20000 }], errors: [] }));
    const results = await screen.findByRole('region', { name: 'Import Results' });
    expect(within(results).getByText('Created').nextSibling).toHaveTextContent('20000');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a file of another type or over 5 MB before sending it', async () => {
    const upload = vi.fn();
    const user = renderPanel(upload);
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv('notes.pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.fileTypeInvalid);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    const tooLarge = csv('big.csv', 'x'.repeat(LIMITS.importFileMaxBytes + 1));
    await user.upload(screen.getByLabelText('Spreadsheet file'), tooLarge);
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.fileTooLarge);
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, and nothing as imported", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The file is missing required columns: email',
      serverMessage: 'The file is missing required columns: email',
    });
    const user = renderPanel(vi.fn(async () => Promise.reject(refusal)));
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is missing required columns: email');
    expect(screen.queryByRole('region', { name: 'Import Results' })).not.toBeInTheDocument();
  });
});
