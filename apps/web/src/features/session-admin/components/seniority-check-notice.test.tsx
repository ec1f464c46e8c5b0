import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, mockApi } from '../../../test/mock-api.ts';
import { SeniorityCheckNotice } from './seniority-check-notice.tsx';

const SESSION = '5e55aaaa-0000-4000-8000-000000000001';
const message =
  '1 member lacks a date in rank, which the seniority rule needs: Dana Hale. Add them on the Members page.';

describe('SeniorityCheckNotice', () => {
  it('lists who lacks a key the rule needs, before the session starts', async () => {
    mockApi({
      [`GET /api/bid-sessions/${SESSION}/seniority-check`]: () =>
        jsonResponse(200, {
          keys: [{ key: 'rankDate', direction: 'asc' }],
          isDefault: false,
          missingSeniorityKeys: [{ participantId: 'p1', memberId: 'm1', name: 'Dana Hale', key: 'rankDate' }],
          message,
        }),
    });
    render(
      <AppProviders>
        <SeniorityCheckNotice sessionId={SESSION} enabled />
      </AppProviders>,
    );
    const notice = await screen.findByRole('status');
    expect(within(notice).getByText('Cannot start yet')).toBeInTheDocument();
    expect(within(notice).getByText(message)).toBeInTheDocument();
    expect(within(notice).getByText('Dana Hale: no date in rank')).toBeInTheDocument();
  });

  it('asks nothing once the session has started', () => {
    const api = mockApi({});
    render(
      <AppProviders>
        <SeniorityCheckNotice sessionId={SESSION} enabled={false} />
      </AppProviders>,
    );
    expect(api.requests).toHaveLength(0);
  });
});
