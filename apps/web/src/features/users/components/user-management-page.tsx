import { PageTitle } from '../../../components/page-title.tsx';

export function UserManagementPage() {
  return <PageTitle>User Management</PageTitle>;
}
