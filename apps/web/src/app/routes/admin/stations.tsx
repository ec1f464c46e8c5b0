/**
 * Station Management (/admin/stations): the station list and the station import,
 * with the dialogs to add, view, edit and delete a station. Dialogs hold a station's id, not a
 * copy, so they always show the station as last loaded.
 */
import { Button, Group, Stack, Tabs } from '@mantine/core';
import type { Station } from '@stationbid/domain';
import { IconFileImport, IconList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  DeleteStationModal,
  StationDetailsModal,
  StationFormModal,
  StationImportTab,
  StationListTab,
  useStationsQuery,
} from '../../../features/stations/index.ts';

type StationDialog =
  | { kind: 'create' }
  | { kind: 'edit'; stationId: string }
  | { kind: 'details'; stationId: string }
  | { kind: 'delete'; stationId: string };

function StationManagementPage() {
  const [dialog, setDialog] = useState<StationDialog | null>(null);
  // Known here so that the import tab reads the certification catalogue only once it is opened.
  const [tab, setTab] = useState<string | null>('list');
  // The same cached list the Station List tab shows: no extra request.
  const { data: stations } = useStationsQuery({ includeInactive: true });
  const closeDialog = () => setDialog(null);

  const dialogStation =
    dialog === null || dialog.kind === 'create'
      ? null
      : (stations?.find((station) => station.id === dialog.stationId) ?? null);
  const stationFor = (kind: StationDialog['kind']) => (dialog?.kind === kind ? dialogStation : null);
  const openCreate = () => setDialog({ kind: 'create' });
  const openEdit = (station: Station) => setDialog({ kind: 'edit', stationId: station.id });

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <PageTitle>Station Management</PageTitle>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
          Add Station
        </Button>
      </Group>

      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="list" leftSection={<IconList size={16} aria-hidden />}>
            Station List
          </Tabs.Tab>
          <Tabs.Tab value="import" leftSection={<IconFileImport size={16} aria-hidden />}>
            Import Stations
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <StationListTab
            onCreate={openCreate}
            onView={(station) => setDialog({ kind: 'details', stationId: station.id })}
            onEdit={openEdit}
            onDelete={(station) => setDialog({ kind: 'delete', stationId: station.id })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <StationImportTab isShown={tab === 'import'} />
        </Tabs.Panel>
      </Tabs>

      <StationFormModal
        opened={dialog?.kind === 'create' || (dialog?.kind === 'edit' && stationFor('edit') !== null)}
        station={stationFor('edit')}
        onClose={closeDialog}
      />
      <StationDetailsModal station={stationFor('details')} onClose={closeDialog} onEdit={openEdit} />
      <DeleteStationModal station={stationFor('delete')} onClose={closeDialog} />
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { StationManagementPage as Component };
