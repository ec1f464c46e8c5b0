import { Table, Text } from '@mantine/core';
import type { BidSession } from '@stationbid/domain';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMinutes, formatSessionDates } from '../../../lib/session-format.ts';

/** The Session card: the session's period, participants and bid time limit. */
export function SessionDetailsCard({ session }: { session: BidSession }) {
  return (
    <SectionCard title="Session">
      <Text fw={700}>{session.name}</Text>
      {session.description !== '' && (
        <Text size="sm" mb="xs">
          {session.description}
        </Text>
      )}
      <Table variant="vertical" withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="45%">Period</Table.Th>
            <Table.Td>{formatSessionDates(session)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Participants</Table.Th>
            <Table.Td>{session.participantCount}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Bid time limit</Table.Th>
            <Table.Td>{formatMinutes(Math.round(session.bidTimeLimit / 60))} per turn</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}
