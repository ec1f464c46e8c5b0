import { PageTitle } from '../../../components/page-title.tsx';

export function BidHistoryPage() {
  return <PageTitle>Bid History</PageTitle>;
}
