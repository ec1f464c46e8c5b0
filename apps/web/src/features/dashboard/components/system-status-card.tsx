import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { HealthResponse } from '@stationbid/domain';
import { SectionCard } from '../../../components/section-card.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useHealthQuery } from '../api/dashboard-queries.ts';

function StatusRow({
  name,
  isHealthy,
  state,
  detail,
}: {
  name: string;
  isHealthy: boolean;
  state: string;
  detail?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <div>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {detail !== undefined && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </div>
      <Badge color={isHealthy ? 'green' : 'red'} variant="light">
        {state}
      </Badge>
    </Group>
  );
}

function describeDatabase(database: HealthResponse['database']): string {
  const kind = database.kind === 'pglite' ? 'Embedded PostgreSQL' : 'PostgreSQL';
  return database.latencyMs === null ? kind : `${kind}, answered in ${database.latencyMs} ms`;
}

/** What `/api/health` reports about the API and the database, as of the last check. */
export function SystemStatusCard() {
  const health = useHealthQuery();
  const checkAgain = (
    <Button variant="subtle" size="compact-sm" onClick={() => health.refetch()} loading={health.isFetching}>
      Check Again
    </Button>
  );

  return (
    <SectionCard title="System Status" aside={checkAgain}>
      {health.isPending ? (
        <Loader size="sm" role="status" aria-label="Checking system status" />
      ) : health.isError ? (
        <Stack gap="xs">
          <StatusRow
            name="API"
            isHealthy={false}
            state="Unreachable"
            detail={getErrorMessage(health.error, 'The server did not answer the health check.')}
          />
          <StatusRow name="Database" isHealthy={false} state="Unknown" />
        </Stack>
      ) : (
        <Stack gap="xs">
          <StatusRow name="API" isHealthy state="Operational" />
          <StatusRow
            name="Database"
            isHealthy={health.data.database.status === 'up'}
            state={health.data.database.status === 'up' ? 'Operational' : 'Down'}
            detail={describeDatabase(health.data.database)}
          />
          <Text size="xs" c="dimmed">
            {health.data.status === 'ok' ? 'All systems operational' : 'Service degraded'}
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
