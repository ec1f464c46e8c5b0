import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SeniorityInfo } from '@stationbid/domain';

interface CalculationTermProps {
  /** The operator in front of the figure: "×" or "=", none for the first. */
  operator?: string;
  value: number;
  description: string;
  isResult?: boolean;
}

function CalculationTerm({ operator, value, description, isResult = false }: CalculationTermProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {operator !== undefined && (
        <Text fz="xl" fw={700} c="dimmed" lh={1.2}>
          {operator}
        </Text>
      )}
      <Stack gap={0}>
        <Text fz="xl" fw={700} lh={1.2} c={isResult ? 'red.9' : undefined}>
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </Stack>
    </Group>
  );
}

/** The seniority formula (packages/domain seniority.ts) worked out with the member's own figures. */
export function ScoreCalculationCard({ seniority }: { seniority: SeniorityInfo }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="score-calculation-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="score-calculation-heading">
          Score Calculation
        </Title>
        <Text size="sm">Years of service × 10 × rank multiplier × position multiplier, rounded to a whole number.</Text>
        <Group gap="md" align="flex-start" data-testid="score-calculation">
          <CalculationTerm value={seniority.yearsOfService} description="years of service" />
          <CalculationTerm operator="×" value={10} description="points per year" />
          <CalculationTerm operator="×" value={seniority.rankMultiplier} description={`${seniority.rank} rank`} />
          <CalculationTerm
            operator="×"
            value={seniority.positionMultiplier}
            description={`${seniority.position} position`}
          />
          <CalculationTerm operator="=" value={seniority.automaticScore} description="automatic score" isResult />
        </Group>
        {seniority.manualOverride !== null && (
          <Alert color="orange" variant="light" title="Manual override in force">
            An administrator has set your score to {seniority.manualOverride}. It is used instead of the automatic score
            of {seniority.automaticScore} until they remove it.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
