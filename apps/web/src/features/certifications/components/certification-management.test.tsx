import type { Certification } from '@stationbid/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { CertificationManagement } from './certification-management.tsx';

const paramedic: Certification = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'PM',
  name: 'Paramedic',
  holders: 3,
};
const hazmat: Certification = {
  id: '00000000-0000-4000-8000-000000000002',
  code: 'HM',
  name: 'Hazardous Materials Technician',
  holders: 0,
};

function renderManagement(handlers: Record<string, MockHandler>, onCatalogueChanged = vi.fn()) {
  const api = mockApi(handlers);
  const user = userEvent.setup();
  render(
    <AppProviders>
      <CertificationManagement onCatalogueChanged={onCatalogueChanged} />
    </AppProviders>,
  );
  return { api, user, onCatalogueChanged };
}

const list = (certifications: Certification[]) => () => jsonResponse(200, { certifications });

describe('CertificationManagement', () => {
  it('lists the certifications with their holders, and adds one with its code upper-cased', async () => {
    let catalogue = [hazmat, paramedic];
    const { api, user } = renderManagement({
      'GET /api/admin/certifications': () => jsonResponse(200, { certifications: catalogue }),
      'POST /api/admin/certifications': (request) => {
        const created = { id: '00000000-0000-4000-8000-000000000003', holders: 0, ...(request.body as object) };
        catalogue = [...catalogue, created as Certification];
        return jsonResponse(201, { certification: created, message: 'Certification created successfully' });
      },
    });
    const item = await screen.findByRole('listitem', { name: 'PM Paramedic' });
    expect(item).toHaveTextContent('3 members hold it');
    expect(screen.getByRole('listitem', { name: 'HM Hazardous Materials Technician' })).toHaveTextContent(
      '0 members hold it',
    );

    const form = screen.getByRole('form', { name: 'Add a certification' });
    await user.click(within(form).getByRole('button', { name: 'Add certification' }));
    expect(within(form).getByLabelText(/^Code/)).toHaveAccessibleDescription(/Certification code is required/);
    expect(api.requestsTo('POST /api/admin/certifications')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Code/), 'do');
    await user.type(within(form).getByLabelText(/^Name/), 'Driver/Operator');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listitem', { name: 'DO Driver/Operator' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/certifications')[0]?.body).toEqual({ code: 'DO', name: 'Driver/Operator' });
    expect(within(form).getByLabelText(/^Code/)).toHaveValue('');
  });

  it("shows the server's refusal of a code that exists beside the form", async () => {
    const { user } = renderManagement({
      'GET /api/admin/certifications': list([paramedic]),
      'POST /api/admin/certifications': () =>
        jsonResponse(409, { error: 'Certification code PM already exists', code: 'CONFLICT' }),
    });
    const form = await screen.findByRole('form', { name: 'Add a certification' });
    await user.type(within(form).getByLabelText(/^Code/), 'PM');
    await user.type(within(form).getByLabelText(/^Name/), 'Paramedic again');
    await user.click(within(form).getByRole('button', { name: 'Add certification' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Certification code PM already exists');
  });

  it('renames a certification and refreshes what depends on its code', async () => {
    const { api, user, onCatalogueChanged } = renderManagement({
      'GET /api/admin/certifications': list([paramedic]),
      'PUT /api/admin/certifications/00000000-0000-4000-8000-000000000001': () =>
        jsonResponse(200, {
          certification: { ...paramedic, code: 'EMTP' },
          message: 'Certification updated successfully',
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit PM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit PM' });
    const code = within(dialog).getByLabelText(/^Code/);
    await user.clear(code);
    await user.type(code, 'emtp');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onCatalogueChanged).toHaveBeenCalled());
    expect(api.requestsTo('PUT /api/admin/certifications/00000000-0000-4000-8000-000000000001')[0]?.body).toEqual({
      code: 'EMTP',
      name: 'Paramedic',
    });
  });

  it('says members will lose a certification before deleting it, and shows why seats keep it', async () => {
    const { user } = renderManagement({
      'GET /api/admin/certifications': list([paramedic]),
      'DELETE /api/admin/certifications/00000000-0000-4000-8000-000000000001': () =>
        jsonResponse(409, {
          error: "Station 7's B-shift Firefighter seats require PM: remove the requirement first",
          code: 'CONFLICT',
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete PM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete certification' });
    expect(dialog).toHaveTextContent('3 members hold it: it will be removed from those members.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete PM' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Station 7's B-shift Firefighter seats require PM: remove the requirement first",
    );
  });
});
