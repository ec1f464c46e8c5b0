import { PageTitle } from '../../../components/page-title.tsx';

export function BidPage() {
  return <PageTitle>Place Your Bid</PageTitle>;
}
