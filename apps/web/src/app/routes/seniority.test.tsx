import { buildSeniorityReport, type SeniorityReportInput } from '@stationbid/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/fixtures.ts';
import { jsonResponse } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// An Engineer driver with 8 years: 8 × 10 × 1.2 × 1.2 = 115.2, shown as 115.
const member = buildUser({ rank: 'Engineer', position: 'Driver', yearsOfService: 8, employeeId: 'E-1001' });

function seniorityReport(overrides: Partial<SeniorityReportInput> = {}) {
  return buildSeniorityReport({
    yearsOfService: 8,
    rank: 'Engineer',
    position: 'Driver',
    manualSeniorityScore: null,
    queuePosition: 12,
    totalActiveMembers: 31,
    ...overrides,
  });
}

function renderSeniorityPage(answer: () => Response) {
  return renderApp({ path: '/seniority', signedInAs: member, api: { 'GET /api/users/seniority': answer } });
}

function getSection(name: string) {
  return screen.getByRole('region', { name });
}

describe('SeniorityPage', () => {
  it('shows the score, the member, the worked calculation and the queue position from the API', async () => {
    const { api } = renderSeniorityPage(() => jsonResponse(200, seniorityReport()));

    expect(await screen.findByRole('heading', { level: 1, name: 'Seniority Information' })).toBeInTheDocument();
    const score = await screen.findByRole('region', { name: 'Seniority Score' });
    expect(within(score).getByText('115')).toBeInTheDocument();
    expect(within(score).getByText('Automatic')).toBeInTheDocument();

    const personal = getSection('Personal Information');
    const facts = Object.fromEntries(
      within(personal)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Name: 'Alex Morgan',
      'Employee ID': 'E-1001',
      Rank: 'Engineer',
      Position: 'Driver',
      'Years of service': '8',
      'Experience level': 'Mid-level',
    });

    expect(screen.getByTestId('score-calculation')).toHaveTextContent(
      '8years of service×10points per year×1.2Engineer rank×1.2Driver position=115automatic score',
    );

    // #12 falls in the 11 to 15 band: orange, and the place is in the text, not the colour alone.
    expect(within(getSection('Department Queue Position')).getByText('#12 of 31')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/users/seniority')).toHaveLength(1);
    expect(api.unhandled).toEqual([]);
  });

  it('highlights the member’s rank and position in the multiplier tables and names them in words', async () => {
    renderSeniorityPage(() => jsonResponse(200, seniorityReport()));

    const rankTable = await screen.findByRole('table', { name: 'Rank Multipliers' });
    expect(within(rankTable).getAllByRole('row')).toHaveLength(8);
    const rankRow = within(rankTable).getByRole('row', { current: true });
    expect(rankRow).toHaveTextContent('EngineerYour rank×1.2');
    expect(within(rankTable).getByRole('row', { name: /Chief ×5/ })).not.toHaveAttribute('aria-current');

    const positionTable = screen.getByRole('table', { name: 'Position Multipliers' });
    expect(within(positionTable).getByRole('row', { current: true })).toHaveTextContent('DriverYour position×1.2');
    expect(within(positionTable).getAllByText(/^Your/)).toHaveLength(1);
  });

  it('lists the improvement tips the API gives', async () => {
    const report = seniorityReport();
    renderSeniorityPage(() => jsonResponse(200, report));

    const tips = await screen.findByRole('region', { name: 'Improvement Tips' });
    const items = within(tips).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(report.tips);
    expect(within(tips).getByText('A promotion to Lieutenant would raise your automatic score to 144.')).toBeVisible();
  });

  it('says when an administrator’s manual score is in force, beside the automatic calculation', async () => {
    renderSeniorityPage(() => jsonResponse(200, seniorityReport({ manualSeniorityScore: 400, queuePosition: 2 })));

    const score = await screen.findByRole('region', { name: 'Seniority Score' });
    expect(within(score).getByText('400')).toBeInTheDocument();
    expect(within(score).getByText('Manual override')).toBeInTheDocument();
    expect(within(score).getByText(/in place of your automatic score of 115/)).toBeInTheDocument();
    expect(within(getSection('Score Calculation')).getByText('Manual override in force')).toBeInTheDocument();
    expect(within(getSection('Department Queue Position')).getByText('#2 of 31')).toBeInTheDocument();
  });

  it("names the key of the department's seniority rule that puts the member ahead of the next", async () => {
    renderSeniorityPage(() =>
      jsonResponse(200, {
        ...seniorityReport({ queuePosition: 4 }),
        aheadOfNextBecause: 'earlier promotion: 2014-03-02',
      }),
    );
    const queue = await screen.findByRole('region', { name: 'Department Queue Position' });
    expect(within(queue).getByText('#4 of 31')).toBeInTheDocument();
    expect(
      within(queue).getByText(
        "Ahead of the next member by the department's seniority rule: earlier promotion: 2014-03-02",
      ),
    ).toBeInTheDocument();
  });

  it('explains that an inactive member has no place in the queue', async () => {
    renderSeniorityPage(() => jsonResponse(200, seniorityReport({ queuePosition: null })));

    const queue = await screen.findByRole('region', { name: 'Department Queue Position' });
    expect(within(queue).getByText(/Not in the queue: only active members bid/)).toBeInTheDocument();
    expect(within(queue).queryByText(/^#/)).not.toBeInTheDocument();
  });

  it('shows a loader, then on failure the spec’s message with the server’s reason, and Try Again reloads', async () => {
    let attempts = 0;
    const { user, api } = renderSeniorityPage(() => {
      attempts += 1;
      return attempts === 1
        ? jsonResponse(404, { error: 'User not found', code: 'NOT_FOUND' })
        : jsonResponse(200, seniorityReport());
    });

    expect(await screen.findByRole('status', { name: 'Loading seniority information' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load seniority information');
    expect(alert).toHaveTextContent('User not found');

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('region', { name: 'Seniority Score' })).toHaveTextContent('115');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/users/seniority')).toHaveLength(2);
  });
});
