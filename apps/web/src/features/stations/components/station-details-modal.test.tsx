import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { buildStation } from '../../../test/build-station.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { StationDetailsModal } from './station-details-modal.tsx';

describe('StationDetailsModal', () => {
  it("names a seat group's certifications and minimum staffing beside its free seats", async () => {
    mockApi({});
    const station = buildStation({ number: 7, name: 'Hill', seatsPerShift: { Firefighter: 3 } });
    station.availablePositions.B = [
      {
        _id: `${station.id}-B-Firefighter`,
        position: 'Firefighter',
        count: 1,
        total: 1,
        occupied: 0,
        requires: [],
        mustFill: false,
      },
      {
        _id: `${station.id}-B-Firefighter-PM-must-fill`,
        position: 'Firefighter',
        count: 1,
        total: 2,
        occupied: 1,
        requires: ['PM'],
        mustFill: true,
      },
    ];
    render(
      <AppProviders>
        <StationDetailsModal station={station} onClose={vi.fn()} onEdit={vi.fn()} />
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog');
    const shiftB = within(dialog).getByRole('row', { name: /Shift B/ });
    expect(shiftB).toHaveTextContent(
      'Firefighter: 1 of 1 free, Firefighter (requires PM, must be filled): 1 of 2 free',
    );
    const shiftA = within(dialog).getByRole('row', { name: /Shift A/ });
    expect(shiftA).toHaveTextContent('Firefighter: 3 of 3 free');
  });
});
