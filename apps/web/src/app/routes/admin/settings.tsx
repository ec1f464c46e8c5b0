/**
 * /admin/settings, Department Settings: what the department sets once and rarely changes, in one
 * place: its time zone, the shift rotation the calendar feeds follow, the seniority rule that orders
 * every session's queue, the key that signs session records, and (read-only, set by the server's
 * environment) whether e-mail and text messages can go out. The admin dashboard warns while the time
 * zone or e-mail is not set, and links here.
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { SingleSignOnSettingsCard } from '../../../features/auth/index.ts';
import { RotationSettingsCard } from '../../../features/calendar/index.ts';
import { DepartmentTimeZoneCard, SeniorityRuleCard } from '../../../features/department-settings/index.ts';
import { DeliveryConfigurationCard } from '../../../features/notifications/index.ts';
import { RecordKeyCard } from '../../../features/session-record/index.ts';

function DepartmentSettingsPage() {
  return (
    <Stack gap="md">
      <PageTitle>Department Settings</PageTitle>
      <Text size="sm" c="gray.7">
        Settings for the whole department. A session takes the seniority rule as it is when the session starts.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DepartmentTimeZoneCard />
        <RotationSettingsCard />
      </SimpleGrid>
      <SeniorityRuleCard />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RecordKeyCard />
        <DeliveryConfigurationCard />
      </SimpleGrid>
      <SingleSignOnSettingsCard />
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { DepartmentSettingsPage as Component };
