import { PageTitle } from '../../../components/page-title.tsx';

export function BidSessionManagementPage() {
  return <PageTitle>Bid Session Management</PageTitle>;
}
