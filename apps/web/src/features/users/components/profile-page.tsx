import { PageTitle } from '../../../components/page-title.tsx';

export function ProfilePage() {
  return <PageTitle>Profile</PageTitle>;
}
