import { PageTitle } from '../../../components/page-title.tsx';

export function BiddingPage() {
  return <PageTitle>Bidding</PageTitle>;
}
