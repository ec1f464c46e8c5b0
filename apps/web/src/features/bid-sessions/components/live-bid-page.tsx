import { PageTitle } from '../../../components/page-title.tsx';

export function LiveBidPage() {
  return <PageTitle>Live Bidding</PageTitle>;
}
