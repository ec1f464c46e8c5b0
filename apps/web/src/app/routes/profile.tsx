/**
 * The member's own profile (/profile): personal and professional information,
 * emergency contact, a summary, account status, the Bid Preferences and Notification Settings
 * dialogs, and the password change. Bid statistics, current sessions and bid history join this
 * page with the bidding features.
 */
import { Center, Grid, Loader, Stack } from '@mantine/core';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ProfileBidActivity } from '../../features/bid-history/index.ts';
import { CalendarFeedSection } from '../../features/calendar/index.ts';
import { NotificationSettingsButton } from '../../features/notifications/index.ts';
import {
  AccountStatusSection,
  AppearanceSection,
  BidPreferencesButton,
  ChangePasswordSection,
  ProfileForm,
  ProfileSummarySection,
  useProfileQuery,
} from '../../features/users/index.ts';

function ProfilePage() {
  return (
    <Stack gap="lg">
      <PageTitle>Profile</PageTitle>
      <ProfileContent />
    </Stack>
  );
}

function ProfileContent() {
  const profileQuery = useProfileQuery();

  if (profileQuery.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading profile" />
      </Center>
    );
  }
  if (profileQuery.isError) {
    return (
      <LoadError
        title="Failed to load profile"
        error={profileQuery.error}
        onRetry={() => profileQuery.refetch()}
        isRetrying={profileQuery.isFetching}
      />
    );
  }

  const profile = profileQuery.data;
  return (
    <Grid gap="lg">
      {/* First in reading order (and on top on a phone); beside the form on wide screens. */}
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <Stack gap="md">
          <ProfileSummarySection profile={profile} />
          <AccountStatusSection profile={profile} />
          <BidPreferencesButton rank={profile.rank} />
          <NotificationSettingsButton />
          <AppearanceSection />
          <ProfileBidActivity />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Stack gap="md">
          {/* Keyed by member: after a sign-in as someone else the form starts from their values. */}
          <ProfileForm key={profile.id} profile={profile} />
          <ChangePasswordSection />
          <CalendarFeedSection />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { ProfilePage as Component };
