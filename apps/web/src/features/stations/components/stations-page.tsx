import { PageTitle } from '../../../components/page-title.tsx';

export function StationsPage() {
  return <PageTitle>Fire Stations</PageTitle>;
}
