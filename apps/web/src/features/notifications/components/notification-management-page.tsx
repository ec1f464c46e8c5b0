import { PageTitle } from '../../../components/page-title.tsx';

export function NotificationManagementPage() {
  return <PageTitle>Notification Management</PageTitle>;
}
