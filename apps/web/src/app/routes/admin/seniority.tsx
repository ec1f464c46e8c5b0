import { UserManagement } from '../../../features/users/index.ts';

/** /admin/seniority, linked from the admin dashboard: member management on its Seniority Management tab. */
function SeniorityManagementPage() {
  return <UserManagement initialTab="seniority" />;
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { SeniorityManagementPage as Component };
