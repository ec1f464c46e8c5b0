import { PageTitle } from '../../../components/page-title.tsx';

export function SeniorityManagementPage() {
  return <PageTitle>Seniority Management</PageTitle>;
}
