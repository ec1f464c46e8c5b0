import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import {
  computeAutomaticSeniorityScore,
  getPositionMultiplier,
  getRankMultiplier,
  type User,
} from '@stationbid/domain';
import type { OpenMemberAction } from './member-dialog.ts';
import { getFullName, orderByBidPriority } from './user-list-query.ts';

interface SeniorityManagementTabProps {
  users: User[];
  onAction: OpenMemberAction;
}

/**
 * The bid queue outside any session: active members by bid priority, with every part of their
 * score, so an administrator can see why someone bids where they do and correct it.
 */
export function SeniorityManagementTab({ users, onAction }: SeniorityManagementTabProps) {
  const queue = orderByBidPriority(users);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Score = years of service × 10 × rank multiplier × position multiplier, rounded. A manual score above 0 replaces
        it. Equal scores go to more years of service, then the lower employee ID. Inactive members are not in the queue.
      </Text>
      {queue.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <Title order={3}>No Active Members</Title>
            <Text c="dimmed">Active members appear here in bid order.</Text>
          </Stack>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Bid priority</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Rank</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th>Years</Table.Th>
                <Table.Th>Automatic score</Table.Th>
                <Table.Th>Manual override</Table.Th>
                <Table.Th>Effective score</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>#{user.bidPriority}</Table.Td>
                  <Table.Td>
                    <Text fw={600}>{getFullName(user)}</Text>
                    <Text size="sm" c="dimmed">
                      {user.employeeId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {user.rank} (×{getRankMultiplier(user.rank)})
                  </Table.Td>
                  <Table.Td>
                    {user.position} (×{getPositionMultiplier(user.position)})
                  </Table.Td>
                  <Table.Td>{user.yearsOfService}</Table.Td>
                  <Table.Td>{computeAutomaticSeniorityScore(user)}</Table.Td>
                  <Table.Td>{user.manualSeniorityScore ?? 'None'}</Table.Td>
                  <Table.Td fw={600}>{user.seniorityScore}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit seniority of ${getFullName(user)}`}
                      onClick={() => onAction('seniority', user)}
                    >
                      Edit Seniority
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
