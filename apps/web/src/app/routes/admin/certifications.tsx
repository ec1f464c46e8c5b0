/**
 * Certifications (/admin/certifications): the department's certification catalogue, which station
 * seats require and members hold. A rename or deletion changes what the station lists show, so
 * they are refreshed too.
 */
import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '../../../components/page-title.tsx';
import { CertificationManagement } from '../../../features/certifications/index.ts';
import { invalidateStations } from '../../../features/stations/index.ts';

function CertificationsPage() {
  const queryClient = useQueryClient();
  return (
    <Stack gap="lg">
      <PageTitle>Certifications</PageTitle>
      <Text c="gray.7">
        The certifications station seats may require (set per seat group in Station Management) and members hold.
      </Text>
      <CertificationManagement onCatalogueChanged={() => invalidateStations(queryClient)} />
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { CertificationsPage as Component };
