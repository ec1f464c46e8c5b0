import { Button, SimpleGrid } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card.tsx';
import { paths } from '../../../config/paths.ts';
import { useExportAdminData } from '../api/export-admin-data.ts';

const QUICK_ACTIONS = [
  { label: 'Manage Users', to: paths.admin.users },
  { label: 'Manage Stations', to: paths.admin.stations },
  { label: 'Manage Bid Sessions', to: paths.admin.bidSessions },
  { label: 'Seniority', to: paths.admin.seniority },
  { label: 'Notifications', to: paths.admin.notifications },
  { label: 'Department Settings', to: paths.admin.settings },
] as const;

/** Shortcuts to the admin screens, and the workbook of every member and station. */
export function AdminQuickActions() {
  const exportData = useExportAdminData();
  return (
    <SectionCard title="Quick Actions">
      {/* By the card's own width (it sits in a third of the page on a laptop): two columns only
          where each label fits on one line. */}
      <SimpleGrid type="container" cols={{ base: 1, '22rem': 2 }} spacing="xs">
        {QUICK_ACTIONS.map((action) => (
          <Button key={action.to} component={Link} to={action.to} variant="light" fullWidth>
            {action.label}
          </Button>
        ))}
        <Button
          variant="filled"
          fullWidth
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending}
        >
          {exportData.isPending ? 'Exporting data...' : 'Export Data'}
        </Button>
      </SimpleGrid>
    </SectionCard>
  );
}
