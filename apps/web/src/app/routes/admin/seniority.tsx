import { UserManagementPage } from './user-management-page.tsx';

/** /admin/seniority, linked from the admin dashboard: member management on its Seniority Management tab. */
export function SeniorityManagementPage() {
  return <UserManagementPage initialTab="seniority" />;
}
