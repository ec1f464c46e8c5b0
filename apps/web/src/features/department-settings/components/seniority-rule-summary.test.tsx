import { DEFAULT_SENIORITY_RULE, SENIORITY_RULE_PRESETS } from '@stationbid/domain';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, mockApi } from '../../../test/mock-api.ts';
import { SeniorityRuleSummary } from './seniority-rule-summary.tsx';

const presets = SENIORITY_RULE_PRESETS.map((preset) => ({
  id: preset.id,
  name: preset.name,
  description: preset.description,
  keys: preset.rule.keys,
}));

function renderSummary(answer: unknown) {
  mockApi({ 'GET /api/admin/seniority-rule': () => jsonResponse(200, answer) });
  const router = createMemoryRouter([{ path: '*', element: <SeniorityRuleSummary /> }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('SeniorityRuleSummary', () => {
  it('names the rule in force and links to Department Settings, where it is changed', async () => {
    const timeInRank = presets.find((preset) => preset.id === 'timeInRank')!.keys;
    renderSummary({ keys: timeInRank, isDefault: false, presets, updatedAt: '2026-11-25T21:00:00.000Z' });
    const summary = await screen.findByRole('region', { name: 'Seniority rule' });
    expect(await within(summary).findByText(/Seniority rule in force:/)).toHaveTextContent(
      /Date in rank \(earliest first\)/,
    );
    expect(within(summary).getByRole('link', { name: 'Department Settings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    // Read-only here.
    expect(within(summary).queryByRole('button')).not.toBeInTheDocument();
  });

  it("says today's order when the department has not chosen a rule", async () => {
    renderSummary({ keys: DEFAULT_SENIORITY_RULE.keys, isDefault: true, presets, updatedAt: null });
    const summary = await screen.findByRole('region', { name: 'Seniority rule' });
    expect(await within(summary).findByText(/Today's order/)).toBeInTheDocument();
  });
});
