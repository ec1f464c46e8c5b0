import type { User } from '@stationbid/domain';
import { useDepartmentTimeZone } from '../../../../lib/department-time-zone.ts';
import { formatDateTime } from '../../../../lib/session-format.ts';
import { ProfileSection } from './profile-section.tsx';
import { SummaryList } from './summary-list.tsx';

/** Whether the account is active, whether it is an administrator's, and when it last signed in. */
export function AccountStatusSection({ profile }: { profile: User }) {
  const timeZone = useDepartmentTimeZone();
  return (
    <ProfileSection title="Account Status">
      <SummaryList
        items={[
          { term: 'Status', detail: profile.isActive ? 'Active' : 'Inactive' },
          { term: 'Role', detail: profile.isAdmin ? 'Administrator' : 'Member' },
          {
            term: 'Last Sign-in',
            detail:
              profile.lastLoginAt === null
                ? 'Never'
                : formatDateTime(profile.lastLoginAt, { timeZone, withSeconds: false }),
          },
        ]}
      />
    </ProfileSection>
  );
}
