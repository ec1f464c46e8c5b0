import { Stack } from '@mantine/core';
import { SeniorityRuleSummary } from '../../../features/department-settings/index.ts';
import { UserManagement } from '../../../features/users/index.ts';

/**
 * /admin/seniority, linked from the admin dashboard: the department's seniority rule in one line (it
 * is edited on Department Settings), then member management on its Seniority Management tab (each
 * member's place by the rule, and why).
 */
function SeniorityManagementPage() {
  return (
    <Stack gap="lg">
      <SeniorityRuleSummary />
      <UserManagement initialTab="seniority" />
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { SeniorityManagementPage as Component };
