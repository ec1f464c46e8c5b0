import { PageTitle } from '../../../components/page-title.tsx';

export function AdminDashboardPage() {
  return <PageTitle>Admin Dashboard</PageTitle>;
}
