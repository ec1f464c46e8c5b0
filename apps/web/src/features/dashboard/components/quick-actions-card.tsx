import { Button, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card.tsx';
import { paths } from '../../../config/paths.ts';

const QUICK_ACTIONS = [
  { label: 'Update Profile', to: paths.profile },
  { label: 'View Stations', to: paths.stations },
  { label: 'Bid History', to: paths.bidHistory },
  { label: 'Seniority', to: paths.seniority },
] as const;

export function QuickActionsCard() {
  return (
    <SectionCard title="Quick Actions">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {QUICK_ACTIONS.map((action) => (
          <Button key={action.to} component={Link} to={action.to} variant="light" fullWidth>
            {action.label}
          </Button>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
