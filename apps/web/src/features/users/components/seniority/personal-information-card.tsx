import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SeniorityInfo, User } from '@stationbid/domain';

interface PersonalInformationCardProps {
  user: Pick<User, 'firstName' | 'lastName' | 'employeeId'>;
  seniority: Pick<SeniorityInfo, 'rank' | 'position' | 'yearsOfService' | 'experienceLevel'>;
}

/** Who the score belongs to and the facts it is built from, as a description list. */
export function PersonalInformationCard({ user, seniority }: PersonalInformationCardProps) {
  const facts = [
    { term: 'Name', value: `${user.firstName} ${user.lastName}` },
    { term: 'Employee ID', value: user.employeeId },
    { term: 'Rank', value: seniority.rank },
    { term: 'Position', value: seniority.position },
    { term: 'Years of service', value: String(seniority.yearsOfService) },
    { term: 'Experience level', value: seniority.experienceLevel },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="personal-information-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="personal-information-heading">
          Personal Information
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm" m={0}>
          {facts.map(({ term, value }) => (
            <div key={term}>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                {term}
              </Text>
              <Text component="dd" m={0} fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
