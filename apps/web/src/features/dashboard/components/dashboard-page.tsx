import { PageTitle } from '../../../components/page-title.tsx';

export function DashboardPage() {
  return <PageTitle>Dashboard</PageTitle>;
}
