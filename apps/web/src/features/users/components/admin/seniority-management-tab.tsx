import { Alert, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import {
  computeAutomaticSeniorityScore,
  DEFAULT_SENIORITY_RULE,
  describeMissingSeniorityKeys,
  explainSeniorityPlace,
  findMissingSeniorityKeys,
  getPositionMultiplier,
  getRankMultiplier,
  orderQueue,
  ruleUsesLottery,
  type SeniorityRule,
  type User,
} from '@stationbid/domain';
import { useSeniorityRuleQuery } from '../../../department-settings/index.ts';
import type { OpenMemberAction } from './member-dialog.ts';
import { getFullName } from './user-list-query.ts';

export interface SeniorityPlace {
  user: User;
  place: number;
  /** Why they come before the next member ("earlier promotion: 2014-03-02"); null for the last. */
  aheadBecause: string | null;
}

/**
 * Active members in bid order by the department's rule (today's order while none is set), each with
 * the key that puts them ahead of the next. Outside a session no lot is drawn yet, so members the
 * other keys leave tied are said to be settled by the draw at the session's start.
 */
export function placeBySeniorityRule(users: readonly User[], rule: SeniorityRule): SeniorityPlace[] {
  const candidates = users.filter((user) => user.isActive).map((user) => ({ ...user, memberId: user.id }));
  const ordered = orderQueue(candidates, [], null, rule);
  return ordered.map((user, index) => {
    const next = ordered[index + 1];
    if (!next) return { user, place: index + 1, aheadBecause: null };
    const explanation = explainSeniorityPlace(user, next, rule, null);
    const aheadBecause =
      explanation.key === 'fallback' && ruleUsesLottery(rule)
        ? 'tied: a lot drawn when a session starts decides'
        : explanation.text;
    return { user, place: index + 1, aheadBecause };
  });
}

interface SeniorityManagementTabProps {
  users: User[];
  onAction: OpenMemberAction;
}

/**
 * The bid queue outside any session: active members by bid priority, with every part of their
 * score, so an administrator can see why someone bids where they do and correct it.
 */
export function SeniorityManagementTab({ users, onAction }: SeniorityManagementTabProps) {
  const ruleQuery = useSeniorityRuleQuery();
  const rule: SeniorityRule =
    ruleQuery.data && !ruleQuery.data.isDefault ? { keys: ruleQuery.data.keys } : DEFAULT_SENIORITY_RULE;
  const queue = placeBySeniorityRule(users, rule);
  const missing = findMissingSeniorityKeys(
    queue.map(({ user }) => ({ ...user, memberId: user.id })),
    rule,
  ).map(({ candidate, key }) => ({ key, name: getFullName(candidate) }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {ruleQuery.data && !ruleQuery.data.isDefault
          ? 'Places follow the seniority rule above; "Ahead because" names the key that puts each member before the next.'
          : 'Score = years of service × 10 × rank multiplier × position multiplier, rounded. A manual score above 0 replaces it. Equal scores go to more years of service, then the lower employee ID.'}{' '}
        Inactive members are not in the queue.
      </Text>
      {missing.length > 0 && (
        <Alert color="yellow" title="Missing seniority dates" role="status">
          {describeMissingSeniorityKeys(missing)} Sessions with these members cannot start until then.
        </Alert>
      )}
      {queue.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <Title order={3}>No Active Members</Title>
            <Text c="dimmed">Active members appear here in bid order.</Text>
          </Stack>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={1200}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Place</Table.Th>
                <Table.Th>Ahead because</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Rank</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th>Years</Table.Th>
                <Table.Th>Hire date</Table.Th>
                <Table.Th>Date in rank</Table.Th>
                <Table.Th>List number</Table.Th>
                <Table.Th>Automatic score</Table.Th>
                <Table.Th>Manual override</Table.Th>
                <Table.Th>Effective score</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.map(({ user, place, aheadBecause }) => (
                <Table.Tr key={user.id}>
                  <Table.Td>#{place}</Table.Td>
                  <Table.Td>{aheadBecause ?? '—'}</Table.Td>
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
                  <Table.Td>{user.hireDate ?? 'None'}</Table.Td>
                  <Table.Td>{user.rankDate ?? 'None'}</Table.Td>
                  <Table.Td>{user.listNumber ?? 'None'}</Table.Td>
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
