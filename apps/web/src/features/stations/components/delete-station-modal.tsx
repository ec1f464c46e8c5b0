import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Station } from '@stationbid/domain';
import { useDeleteStation } from '../api/delete-station.ts';

/**
 * Asks before deleting a station. The server refuses while members are assigned to it; its
 * message (which suggests deactivating instead) is shown, and the dialog closes either way.
 */
export function DeleteStationModal({ station, onClose }: { station: Station | null; onClose: () => void }) {
  const deleteStation = useDeleteStation({ onSettled: onClose });
  return (
    <Modal
      opened={station !== null}
      onClose={onClose}
      title="Delete Station"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {station !== null && (
        <Stack gap="md">
          <Text>
            Are you sure you want to delete Station {station.number} ({station.name})? This action cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={deleteStation.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={deleteStation.isPending} onClick={() => deleteStation.mutate(station)}>
              Delete Station
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
