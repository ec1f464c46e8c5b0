import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card.tsx';
import { paths } from '../../../config/paths.ts';

/** The bidding page's shortcuts; bid preferences are set on the profile. */
const QUICK_ACTIONS = [
  { label: 'Manage Preferences', to: paths.profile },
  { label: 'View Full History', to: paths.bidHistory },
  { label: 'Seniority Info', to: paths.seniority },
] as const;

export function BiddingQuickActionsCard() {
  return (
    <SectionCard title="Quick Actions">
      <Stack gap="xs">
        {QUICK_ACTIONS.map((action) => (
          <Button key={action.to} component={Link} to={action.to} variant="light" fullWidth>
            {action.label}
          </Button>
        ))}
      </Stack>
    </SectionCard>
  );
}
