/**
 * A what-if run of a session (bidding-rules.md, "What-if run"): the session played to its end by the
 * engine, each member's saved ranked list standing for their choice and the rest guessed, nothing
 * changed. The dialog shows what it found first (guesses, lists that ran out, how tight each kind
 * of must-fill seat was), then the predicted board turn by turn, searchable, fifty at a time.
 */
import {
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type BidSession, ordinalWord, type WhatIf } from '@stationbid/domain';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { formatSeat } from '../../../lib/session-format.ts';
import { useWhatIfQuery } from '../api/bid-session-queries.ts';
import { SessionModal } from './session-modal.tsx';

const PAGE = 50;

export function WhatIfModal({ session, onClose }: { session: BidSession | null; onClose: () => void }) {
  return (
    <SessionModal
      opened={session !== null}
      onClose={onClose}
      title={session === null ? 'What-if run' : `What-if run of ${session.name}`}
      size="xl"
    >
      {session !== null && <WhatIfRun sessionId={session.id} />}
    </SessionModal>
  );
}

function WhatIfRun({ sessionId }: { sessionId: string }) {
  const whatIfQuery = useWhatIfQuery(sessionId);
  if (whatIfQuery.isPending) {
    return (
      <Center py="md">
        <Loader role="status" aria-label="Running the session to its end" size="sm" />
      </Center>
    );
  }
  if (whatIfQuery.isError) {
    return (
      <LoadError
        title="The what-if run did not finish"
        error={whatIfQuery.error}
        onRetry={() => whatIfQuery.refetch()}
        isRetrying={whatIfQuery.isFetching}
      />
    );
  }
  return (
    <WhatIfResult
      whatIf={whatIfQuery.data}
      onRunAgain={() => whatIfQuery.refetch()}
      isRunning={whatIfQuery.isFetching}
    />
  );
}

function WhatIfResult({
  whatIf,
  onRunAgain,
  isRunning,
}: {
  whatIf: WhatIf;
  onRunAgain: () => void;
  isRunning: boolean;
}) {
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const needle = search.trim().toLocaleLowerCase();
  const matching =
    needle === '' ? whatIf.awards : whatIf.awards.filter((award) => award.name.toLocaleLowerCase().includes(needle));
  return (
    <Stack gap="md">
      <Text size="sm">
        {whatIf.ranFrom === 'start' ? 'From the start, as if it began now' : 'From the current turn'}: each member's
        saved ranked list stands for their choice; a member without one, or whose list has nothing left, is guessed.
        Nothing was changed.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Figure label="Turns played" value={whatIf.awards.length} />
        <Figure label="Guessed" value={whatIf.guesses} />
        <Figure label="Lists that ran out" value={whatIf.listsRanOut} />
      </SimpleGrid>
      {whatIf.mustFill.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            Seats that must be filled
          </Title>
          <List size="sm" spacing={4}>
            {whatIf.mustFill.map((entry) => (
              <List.Item key={`${entry.position}|${entry.requires.join('+')}`}>{describeMustFill(entry)}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Find a member"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setShown(PAGE);
          }}
        />
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRunAgain}
          loading={isRunning}
        >
          Run again
        </Button>
      </Group>
      {matching.length === 0 ? (
        <Text size="sm" c="dimmed">
          No member matches “{search.trim()}”.
        </Text>
      ) : (
        <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Predicted turns">
          {matching.slice(0, shown).map((award) => (
            <Paper component="li" key={award.participantId} withBorder p="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={600}>
                  {award.turn}. {award.name} · {award.rank}
                </Text>
                <Badge variant="light" color={award.isGuess ? 'yellow' : 'green'}>
                  {describeSource(award)}
                </Badge>
              </Group>
              <Text size="sm">
                {award.seat === null
                  ? 'No seat'
                  : formatSeat(
                      { number: award.seat.stationNumber, name: award.seat.stationName },
                      award.seat.shift,
                      award.seat.position,
                    )}
                {award.listRanOut && ' · their ranked list ran out'}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {matching.length > shown && (
        <Button variant="subtle" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, matching.length - shown)} more of {matching.length - shown}
        </Button>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value.toLocaleString()}</Text>
    </Paper>
  );
}

function describeSource(award: WhatIf['awards'][number]): string {
  switch (award.source) {
    case 'standingBid':
      return `Standing bid: ${ordinalWord(award.place ?? 1)} choice`;
    case 'rankedList':
      return `Ranked list: ${ordinalWord(award.place ?? 1)} choice`;
    case 'ownSeat':
      return 'Guess: keeps their seat';
    case 'firstQualified':
      return 'Guess: first seat they qualify for';
    case 'none':
      return 'Guess: no seat left for them';
  }
}

function describeMustFill(entry: WhatIf['mustFill'][number]): string {
  const kind = [entry.position, ...entry.requires].join('/');
  const filled = `${kind}: ${entry.filled} of ${entry.seats} filled`;
  if (entry.tightFromTurn !== null) {
    return `${filled}; tight from turn ${entry.tightFromTurn}: from then on, every member still to bid who could take one was needed.`;
  }
  return `${filled}; at least ${entry.fewestSpare} qualified ${entry.fewestSpare === 1 ? 'member' : 'members'} to spare throughout.`;
}
