/**
 * Seniority Information (/seniority; the multipliers are in packages/domain constants.ts): the member's score and where it comes
 * from, so they can check the figures that decide their place in every bid queue, and what would
 * raise it. Every figure comes from GET /users/seniority, worked out by the same rules as the queue.
 */
import { Center, List, Loader, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { SeniorityInfo } from '@stationbid/domain';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCurrentUser } from '../../features/auth/index.ts';
import {
  MultiplierTable,
  PersonalInformationCard,
  ScoreCalculationCard,
  SeniorityOverview,
  useSeniorityQuery,
} from '../../features/users/index.ts';

const LOAD_FAILED_MESSAGE = 'Failed to load seniority information';

function SeniorityPage() {
  const seniority = useSeniorityQuery();
  return (
    <Stack gap="lg">
      <PageTitle>Seniority Information</PageTitle>
      {seniority.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading seniority information" />
        </Center>
      ) : seniority.isError ? (
        <LoadError
          title={LOAD_FAILED_MESSAGE}
          error={seniority.error}
          onRetry={() => seniority.refetch()}
          isRetrying={seniority.isFetching}
        />
      ) : (
        <SeniorityReport seniority={seniority.data} />
      )}
    </Stack>
  );
}

function SeniorityReport({ seniority }: { seniority: SeniorityInfo }) {
  const user = useCurrentUser();
  return (
    <>
      <SeniorityOverview seniority={seniority} />
      <PersonalInformationCard user={user} seniority={seniority} />
      <ScoreCalculationCard seniority={seniority} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MultiplierTable
          title="Rank Multipliers"
          nameHeader="Rank"
          rows={seniority.multipliers.ranks.map(({ rank, multiplier }) => ({ name: rank, multiplier }))}
          memberValue={seniority.rank}
          memberMarker="Your rank"
        />
        <MultiplierTable
          title="Position Multipliers"
          nameHeader="Position"
          rows={seniority.multipliers.positions.map(({ position, multiplier }) => ({ name: position, multiplier }))}
          memberValue={seniority.position}
          memberMarker="Your position"
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="improvement-tips-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="improvement-tips-heading">
            Improvement Tips
          </Title>
          <List spacing="xs" size="sm">
            {seniority.tips.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
    </>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { SeniorityPage as Component };
