import { PageTitle } from '../../../components/page-title.tsx';

export function StationManagementPage() {
  return <PageTitle>Station Management</PageTitle>;
}
