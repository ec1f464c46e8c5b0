import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SeniorityInfo } from '@stationbid/domain';
import { BidPriorityBadge } from './bid-priority-badge.tsx';

/**
 * The two figures a member looks for first: their score and their place in the department's
 * seniority order, the order every session's queue is made in. This page is the one place that
 * shows it; a running session's own place is on the dashboard and the session page.
 */
export function SeniorityOverview({ seniority }: { seniority: SeniorityInfo }) {
  const hasManualOverride = seniority.manualOverride !== null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="seniority-score-heading">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="seniority-score-heading">
              Seniority Score
            </Title>
            <Badge variant="light" color={hasManualOverride ? 'orange' : 'gray'}>
              {hasManualOverride ? 'Manual override' : 'Automatic'}
            </Badge>
          </Group>
          <Text fz={40} fw={700} lh={1} data-testid="seniority-score">
            {seniority.seniorityScore}
          </Text>
          <Text size="sm" c="dimmed">
            {hasManualOverride
              ? `Set by an administrator in place of your automatic score of ${seniority.automaticScore}.`
              : 'Worked out from your years of service, rank and position.'}
          </Text>
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="queue-position-heading">
        <Stack gap="xs">
          <Title order={2} size="h4" id="queue-position-heading">
            Department Queue Position
          </Title>
          {seniority.queuePosition === null ? (
            <Text>Not in the queue: only active members bid. Ask an administrator to reactivate your account.</Text>
          ) : (
            <>
              <BidPriorityBadge
                priority={seniority.queuePosition}
                total={seniority.totalActiveMembers}
                size="xl"
                w="fit-content"
              />
              <Text size="sm" c="dimmed">
                Your bid priority among the department's active members: the lower the number, the earlier your turn.
                Each bid session puts its participants in this order when it starts; your place in a running session is
                on your dashboard.
              </Text>
              {seniority.aheadOfNextBecause && (
                <Text size="sm">
                  Ahead of the next member by the department's seniority rule: {seniority.aheadOfNextBecause}
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
