import { Badge, Group, Paper, Stack, Table, Title } from '@mantine/core';

interface MultiplierTableProps {
  /** The table's heading, e.g. "Rank Multipliers". */
  title: string;
  /** The first column's header, e.g. "Rank". */
  nameHeader: string;
  rows: readonly { name: string; multiplier: number }[];
  /** The member's own rank or position, whose row is highlighted. */
  memberValue: string;
  /** What marks the member's row in words, e.g. "Your rank", so the highlight is not colour alone. */
  memberMarker: string;
}

/** A multiplier table (RANK_MULTIPLIERS or POSITION_MULTIPLIERS in constants.ts) with the member's own row picked out. */
export function MultiplierTable({ title, nameHeader, rows, memberValue, memberMarker }: MultiplierTableProps) {
  const headingId = `${nameHeader.toLowerCase()}-multipliers-heading`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Table.ScrollContainer minWidth={260}>
          <Table aria-labelledby={headingId} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{nameHeader}</Table.Th>
                <Table.Th scope="col" ta="right">
                  Multiplier
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ name, multiplier }) => {
                const isMemberRow = name === memberValue;
                return (
                  <Table.Tr
                    key={name}
                    aria-current={isMemberRow ? 'true' : undefined}
                    bg={isMemberRow ? 'var(--mantine-color-yellow-light)' : undefined}
                    fw={isMemberRow ? 700 : undefined}
                  >
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {name}
                        {isMemberRow && (
                          <Badge variant="light" color="dark" size="sm">
                            {memberMarker}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">×{multiplier}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
