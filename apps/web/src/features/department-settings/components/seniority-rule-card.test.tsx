import { DEFAULT_SENIORITY_RULE, SENIORITY_RULE_PRESETS } from '@stationbid/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { SeniorityRuleCard } from './seniority-rule-card.tsx';

const presets = SENIORITY_RULE_PRESETS.map((preset) => ({
  id: preset.id,
  name: preset.name,
  description: preset.description,
  keys: preset.rule.keys,
}));
const todaysOrder = { keys: DEFAULT_SENIORITY_RULE.keys, isDefault: true, presets, updatedAt: null };
const timeInRank = presets.find((preset) => preset.id === 'timeInRank')!.keys;

function renderCard(handlers: Record<string, MockHandler>) {
  const api = mockApi({ 'GET /api/admin/seniority-rule': () => jsonResponse(200, todaysOrder), ...handlers });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <SeniorityRuleCard />
    </AppProviders>,
  );
  return { api, user };
}

describe('SeniorityRuleCard', () => {
  it("shows today's order, takes a preset, and saves it", async () => {
    const { api, user } = renderCard({
      'PUT /api/admin/seniority-rule': () =>
        jsonResponse(200, {
          ...todaysOrder,
          keys: timeInRank,
          isDefault: false,
          updatedAt: '2026-11-28T02:00:00.000Z',
        }),
    });
    const card = await screen.findByRole('region', { name: 'Seniority rule' });
    expect(await within(card).findByText(/Today's order: seniority score/)).toBeInTheDocument();
    const presetsGroup = within(card).getByRole('group', { name: 'Presets' });
    for (const name of ["Today's order", 'Time in rank', 'Time on the department']) {
      expect(within(presetsGroup).getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(within(presetsGroup).getByRole('button', { name: 'Time in rank' }));
    expect(within(card).getByLabelText('Key 1')).toHaveValue('Date in rank');
    expect(within(card).getByLabelText('Direction of key 1')).toHaveValue('Earliest first');
    expect(within(card).getByLabelText('Key 4')).toHaveValue('Drawn lot');

    await user.click(within(card).getByRole('button', { name: 'Save seniority rule' }));
    expect(
      await within(card).findByText(
        'Date in rank (earliest first), then List number (lowest first), then Hire date (earliest first), then Drawn lot (lowest draw first)',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/admin/seniority-rule')[0]?.body).toEqual({ keys: timeInRank });
  });

  it('orders keys with the keyboard-usable buttons and refuses a lot before another key', async () => {
    const { api, user } = renderCard({});
    const card = await screen.findByRole('region', { name: 'Seniority rule' });
    await user.click(await within(card).findByRole('button', { name: 'Time on the department' }));
    // Hire date, List number, Drawn lot: move the lot up, which the rule does not allow.
    await user.click(within(card).getByRole('button', { name: 'Move Drawn lot up' }));
    expect(within(card).getByLabelText('Key 2')).toHaveValue('Drawn lot');
    await user.click(within(card).getByRole('button', { name: 'Save seniority rule' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('may only be the last key');
    expect(api.requestsTo('PUT /api/admin/seniority-rule')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Remove Drawn lot' }));
    await user.click(within(card).getByRole('button', { name: 'Add key' }));
    expect(within(card).getByLabelText('Key 3')).toHaveValue('Date in rank');
  });
});
