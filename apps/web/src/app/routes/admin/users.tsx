/** /admin/users: the administrators' member management, on the tab named in `?tab=` (list by default). */
import { UserManagement } from '../../../features/users/index.ts';

function UserManagementPage() {
  return <UserManagement />;
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { UserManagementPage as Component };
