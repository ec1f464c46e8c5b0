import { PageTitle } from '../../../components/page-title.tsx';

export function SeniorityPage() {
  return <PageTitle>Seniority Information</PageTitle>;
}
