import { Avatar, Group, Stack, Text } from '@mantine/core';
import { getExperienceLevel, type User } from '@stationbid/domain';
import { useDepartmentTimeZone } from '../../../../lib/department-time-zone.ts';
import { formatDay } from '../../../../lib/session-format.ts';
import { formatShift, formatStation } from './format-profile-values.ts';
import { ProfileSection } from './profile-section.tsx';
import { SummaryList } from './summary-list.tsx';

/** Who the member is at a glance: name, rank, experience, assignment and how long they have been here. */
export function ProfileSummarySection({ profile }: { profile: User }) {
  const timeZone = useDepartmentTimeZone();
  const fullName = `${profile.firstName} ${profile.lastName}`;
  const assignment =
    profile.currentStation === null && profile.currentShift === null
      ? 'Not assigned'
      : `${formatStation(profile.currentStation)}, ${formatShift(profile.currentShift)}`;
  return (
    <ProfileSection title="Profile Summary">
      <Group gap="sm" wrap="nowrap">
        <Avatar color="red" radius="xl" size="lg" aria-hidden>
          {`${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text fw={700} size="lg">
            {fullName}
          </Text>
          <Text size="sm" c="gray.7">
            {`${profile.rank} · ${profile.position}`}
          </Text>
        </Stack>
      </Group>
      <SummaryList
        items={[
          {
            term: 'Experience Level',
            detail: `${getExperienceLevel(profile.yearsOfService)} (${profile.yearsOfService} ${profile.yearsOfService === 1 ? 'year' : 'years'})`,
          },
          { term: 'Station and Shift', detail: assignment },
          { term: 'Member Since', detail: formatDay(profile.createdAt, { timeZone }) },
        ]}
      />
    </ProfileSection>
  );
}
