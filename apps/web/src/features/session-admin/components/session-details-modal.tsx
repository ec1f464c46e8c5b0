/**
 * The details of a session: its settings and rounds (a vacancy bid's open seats), and its participants in queue order with their round, bid priority,
 * seniority score and what became of them (the seat won, or their place in the queue), and once the
 * session has completed why ("why this seat", issue 16).
 *
 * Once a session has started, each participant can be rewound to (bidding-rules.md, "Rewind"), and
 * when seniority data corrected since the start moves a place, a notice names the member a rewind
 * must begin with at the latest.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { BidSession, Participant } from '@stationbid/domain';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useIsSmallScreen } from '../../../hooks/use-is-small-screen.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import {
  formatDateTime,
  formatMinutes,
  formatSeat,
  formatSessionDates,
  getParticipantName,
} from '../../../lib/session-format.ts';
import {
  useRewindPreviewQuery,
  useSessionParticipantsQuery,
  useSessionReasonsQuery,
} from '../api/bid-session-queries.ts';
import { getSessionActions } from '../utils/session-actions.ts';
import { describeParticipantResult, describeTieBreakChain, ELIGIBILITY_MODE_LABELS } from '../utils/session-format.ts';
import { OpenSeatsList, VacancyBadge } from './open-seats-list.tsx';
import { RewindModal, type RewindTarget, rewindLabel } from './rewind-modal.tsx';
import { SessionModal } from './session-modal.tsx';
import { SessionStatusBadge } from './session-status-badge.tsx';

/** Opens the rewind dialog for a member; undefined where the session cannot be rewound. */
type OnRewind = ((target: RewindTarget) => void) | undefined;

export function SessionDetailsModal({ session, onClose }: { session: BidSession | null; onClose: () => void }) {
  const [rewind, setRewind] = useState<{ sessionId: string; target: RewindTarget } | null>(null);
  // A rewind chosen in one session's details is not offered again when another (or none) is shown.
  if (rewind !== null && rewind.sessionId !== session?.id) setRewind(null);
  const rewindTarget = rewind?.target ?? null;
  return (
    <>
      {/*
       * One dialog at a time: the rewind takes the details' place and gives it back, refreshed, when
       * it closes, so two stacked dialogs never fight over focus and Escape (and a phone shows one).
       */}
      <SessionModal
        opened={session !== null && rewindTarget === null}
        onClose={onClose}
        title={session?.name ?? 'Session details'}
        size="xl"
      >
        {session !== null && (
          <SessionDetails
            session={session}
            onRewind={
              getSessionActions(session).canRewind
                ? (target) => setRewind({ sessionId: session.id, target })
                : undefined
            }
          />
        )}
      </SessionModal>
      {session !== null && <RewindModal sessionId={session.id} target={rewindTarget} onClose={() => setRewind(null)} />}
    </>
  );
}

function SessionDetails({ session, onRewind }: { session: BidSession; onRewind: OnRewind }) {
  const timeZone = useDepartmentTimeZone();
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <SessionStatusBadge status={session.status} />
        <VacancyBadge session={session} />
        {session.description !== '' && <Text size="sm">{session.description}</Text>}
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
        <Setting label="Year">{session.year}</Setting>
        <Setting label="Dates">{formatSessionDates(session)}</Setting>
        <Setting label="Participants">{session.participantCount}</Setting>
        <Setting label="Bid window">{formatMinutes(session.bidWindowDuration)}</Setting>
        {/* A vacancy bid's missed turn is a pass: it gives no second chance to time. */}
        {session.type !== 'vacancy' && (
          <Setting label="Auto-assign timeout">{formatMinutes(session.autoAssignTimeout)}</Setting>
        )}
        <Setting label="Eligibility">{ELIGIBILITY_MODE_LABELS[session.eligibilityMode]}</Setting>
        <Setting label="Tie-break">{describeTieBreakChain(session.tieBreakChain)}</Setting>
        {/* A vacancy bid offers its open seats and those its members hold, and clears nobody's. */}
        {session.type !== 'vacancy' && (
          <>
            <Setting label="Stations offered">
              {session.stationIds.length === 0 ? 'All active stations' : `${session.stationIds.length} chosen stations`}
            </Setting>
            <Setting label="Clear assignments at start">{session.clearAssignments ? 'Yes' : 'No'}</Setting>
          </>
        )}
        {session.scheduledStart !== null && (
          <Setting label="Scheduled start">{formatDateTime(session.scheduledStart, { timeZone })}</Setting>
        )}
        {session.actualStart !== null && (
          <Setting label="Started">{formatDateTime(session.actualStart, { timeZone })}</Setting>
        )}
        {session.actualEnd !== null && (
          <Setting label="Ended">{formatDateTime(session.actualEnd, { timeZone })}</Setting>
        )}
        {session.randomSeed !== null && <Setting label="Random draw seed">{session.randomSeed}</Setting>}
      </SimpleGrid>
      {session.rounds.length > 0 && <RoundsSection rounds={session.rounds} />}
      <OpenSeatsList session={session} />
      {onRewind !== undefined && <SeniorityMovedNotice sessionId={session.id} onRewind={onRewind} />}
      <ParticipantsSection
        sessionId={session.id}
        isCompleted={session.status === 'completed'}
        roundNames={session.rounds.map((round) => round.name)}
        onRewind={onRewind}
      />
    </Stack>
  );
}

function RoundsSection({ rounds }: { rounds: BidSession['rounds'] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="session-rounds-heading">
      <Title order={3} size="h4" id="session-rounds-heading">
        Rounds
      </Title>
      <Stack component="ol" gap={4} m={0} pl="lg">
        {/* Each rank is in one round only, so a round's ranks name it. */}
        {rounds.map((round) => (
          <Text component="li" size="sm" key={round.ranks.join(',')}>
            <Text span fw={600} size="sm">
              {round.name}
            </Text>
            : {round.ranks.join(', ')} · {formatMinutes(round.bidWindowDuration)} to bid
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Seniority data corrected after the start moves a member's place: every turn from that place on
 * was taken in the wrong order, and the rewind that puts it right begins with them at the latest
 * (the server refuses one that begins later). Quiet when nothing moved or the preview failed: the
 * rewind dialog asks again, and says so, before anything is undone.
 */
function SeniorityMovedNotice({
  sessionId,
  onRewind,
}: {
  sessionId: string;
  onRewind: (target: RewindTarget) => void;
}) {
  const moved = useRewindPreviewQuery(sessionId, null).data?.seniorMostMoved ?? null;
  if (moved === null) return null;
  const { userId, name } = moved;
  return (
    <Alert color="orange" title="Turns taken in the wrong order" icon={<IconAlertTriangle aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Seniority data changed during this session: {name}'s place moves from #{moved.from} to #{moved.to}. The turns
          from theirs on were taken in the wrong order.
        </Text>
        {/* A deleted member cannot be named to the server; the rewind must then begin earlier. */}
        {userId !== null && (
          <Button
            size="xs"
            color="orange"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => onRewind({ userId, name })}
          >
            {rewindLabel(name)}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The participant's round by name; undefined when the session has no rounds. */
function roundName(roundNames: readonly string[], participant: Participant): string | undefined {
  return roundNames.length === 0 ? undefined : (roundNames[participant.round] ?? `Round ${participant.round + 1}`);
}

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** Reason by participant id; empty until a completed session's reasons are read (or if they cannot be). */
type Reasons = ReadonlyMap<string, string | null>;
const NO_REASONS: Reasons = new Map();

function ParticipantsSection({
  sessionId,
  isCompleted,
  roundNames,
  onRewind,
}: {
  sessionId: string;
  isCompleted: boolean;
  roundNames: readonly string[];
  onRewind: OnRewind;
}) {
  const participantsQuery = useSessionParticipantsQuery(sessionId);
  const reasons = useSessionReasonsQuery(sessionId, isCompleted).data ?? NO_REASONS;
  const isSmallScreen = useIsSmallScreen();
  const participants = participantsQuery.data?.pages.flatMap((page) => page.participants) ?? [];
  const total = participantsQuery.data?.pages[0]?.total ?? participants.length;
  return (
    <Stack gap="xs" component="section" aria-labelledby="session-participants-heading">
      <Title order={3} size="h4" id="session-participants-heading">
        Participants
      </Title>
      {participantsQuery.isPending ? (
        <Center py="md">
          <Loader role="status" aria-label="Loading participants" size="sm" />
        </Center>
      ) : participantsQuery.isError && participants.length === 0 ? (
        <LoadError
          title="Failed to load session data"
          error={participantsQuery.error}
          onRetry={() => participantsQuery.refetch()}
          isRetrying={participantsQuery.isFetching}
        />
      ) : participants.length === 0 ? (
        <Text c="dimmed" size="sm">
          No participants yet. Edit the session to add members.
        </Text>
      ) : (
        <>
          {isSmallScreen ? (
            <ParticipantList
              participants={participants}
              reasons={reasons}
              roundNames={roundNames}
              onRewind={onRewind}
            />
          ) : (
            <ParticipantTable
              participants={participants}
              reasons={reasons}
              roundNames={roundNames}
              onRewind={onRewind}
            />
          )}
          {participantsQuery.hasNextPage && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                Showing {participants.length} of {total}
              </Text>
              <Button
                variant="light"
                onClick={() => void participantsQuery.fetchNextPage()}
                loading={participantsQuery.isFetchingNextPage}
              >
                Load More Participants
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** Why the participant's session ended as it did, under their result. */
function Reason({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <Text size="xs" c="dimmed" mt={2}>
      {reason}
    </Text>
  );
}

function inQueueOrder(participants: Participant[]): Participant[] {
  return [...participants].sort((a, b) => a.position - b.position);
}

/**
 * "Rewind", named for the member ("Rewind to Blair Quinn's turn"), so a screen reader's list of
 * buttons tells the rows apart. None for a deleted member: the server is told whom by member id.
 */
function RewindButton({ participant, onRewind }: { participant: Participant; onRewind: OnRewind }) {
  const userId = participant.user.id;
  if (onRewind === undefined || userId === null) return null;
  const name = getParticipantName(participant);
  return (
    <Button
      size="xs"
      variant="light"
      color="orange"
      leftSection={<IconArrowBackUp size={14} aria-hidden />}
      aria-label={rewindLabel(name)}
      // Its own width in a phone's card, not the card's.
      style={{ alignSelf: 'flex-start' }}
      onClick={() => onRewind({ userId, name })}
    >
      Rewind
    </Button>
  );
}

/** On a phone: one card per participant, in queue order. */
interface ParticipantViewProps {
  participants: Participant[];
  reasons: Reasons;
  roundNames: readonly string[];
  onRewind: OnRewind;
}

function ParticipantList({ participants, reasons, roundNames, onRewind }: ParticipantViewProps) {
  return (
    <Stack component="ol" gap="xs" p={0} m={0} aria-label="Participants in queue order" style={{ listStyle: 'none' }}>
      {inQueueOrder(participants).map((participant) => (
        <Paper key={participant.id} component="li" withBorder p="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={700}>
              {participant.position + 1}.
            </Text>
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600}>
                {getParticipantName(participant)}
              </Text>
              <Text size="xs" c="dimmed">
                {participant.user.rank} · {participant.user.employeeId} · Priority #{participant.bidPriority} · Score{' '}
                {participant.seniorityScore}
              </Text>
              {roundNames.length > 0 && <Text size="xs">Round: {roundName(roundNames, participant)}</Text>}
              <Text size="sm">{describeParticipantResult(participant)}</Text>
              <Reason reason={reasons.get(participant.id)} />
              {participant.movedToBack && (
                <Badge size="xs" variant="light" color="orange">
                  Moved to back
                </Badge>
              )}
              <RewindButton participant={participant} onRewind={onRewind} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function ParticipantTable({ participants, reasons, roundNames, onRewind }: ParticipantViewProps) {
  const ordered = inQueueOrder(participants);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Participants in queue order">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Queue</Table.Th>
            <Table.Th scope="col">Member</Table.Th>
            {roundNames.length > 0 && <Table.Th scope="col">Round</Table.Th>}
            <Table.Th scope="col">Priority</Table.Th>
            <Table.Th scope="col">Score</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
            <Table.Th scope="col">Seat held now</Table.Th>
            {onRewind !== undefined && <Table.Th scope="col">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ordered.map((participant) => (
            <Table.Tr key={participant.id}>
              <Table.Td>{participant.position + 1}</Table.Td>
              <Table.Th scope="row" fw={400}>
                <Text size="sm" fw={600}>
                  {getParticipantName(participant)}
                </Text>
                <Text size="xs" c="dimmed">
                  {participant.user.rank} · {participant.user.employeeId}
                </Text>
                {participant.movedToBack && (
                  <Badge size="xs" variant="light" color="orange">
                    Moved to back
                  </Badge>
                )}
              </Table.Th>
              {roundNames.length > 0 && <Table.Td>{roundName(roundNames, participant)}</Table.Td>}
              <Table.Td>#{participant.bidPriority}</Table.Td>
              <Table.Td>{participant.seniorityScore}</Table.Td>
              <Table.Td>
                {describeParticipantResult(participant)}
                <Reason reason={reasons.get(participant.id)} />
              </Table.Td>
              <Table.Td>
                {formatSeat(participant.currentStation, participant.currentShift, participant.currentPosition) ??
                  'None'}
              </Table.Td>
              {onRewind !== undefined && (
                <Table.Td>
                  <RewindButton participant={participant} onRewind={onRewind} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
