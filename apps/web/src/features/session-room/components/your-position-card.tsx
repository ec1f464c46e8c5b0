import { Loader, Stack, Text } from '@mantine/core';
import type { BidSessionStatus, Participant } from '@stationbid/domain';
import { SectionCard } from '../../../components/section-card.tsx';
import { describeYourPosition } from '../utils/bidding-format.ts';
import { describeParticipantStatus } from '../utils/live-bidding-format.ts';

interface YourPositionCardProps {
  sessionStatus: BidSessionStatus;
  /** The member's own entry, or null when they are not one of the session's participants. */
  myEntry: Participant | null;
  /** The server's count of those still to bid before the member (my-participation); null while loading. */
  peopleAhead: number | null;
  isMyTurn: boolean;
}

/** "#N in queue" with "You are next!" or "N people ahead of you" (spec section 2), for participants only. */
export function YourPositionCard({ sessionStatus, myEntry, peopleAhead, isMyTurn }: YourPositionCardProps) {
  return (
    <SectionCard title="Your Position">
      <YourPositionContent
        sessionStatus={sessionStatus}
        myEntry={myEntry}
        peopleAhead={peopleAhead}
        isMyTurn={isMyTurn}
      />
    </SectionCard>
  );
}

function YourPositionContent({ sessionStatus, myEntry, peopleAhead, isMyTurn }: YourPositionCardProps) {
  if (myEntry === null) {
    return <Text size="sm">You are not a participant in this session.</Text>;
  }
  const place = `#${myEntry.position + 1} in queue`;
  if (isMyTurn) {
    return (
      <Stack gap={2}>
        <Text size="xl" fw={700}>
          {place}
        </Text>
        <Text fw={600}>It's your turn now!</Text>
      </Stack>
    );
  }
  const status = describeParticipantStatus(myEntry, sessionStatus);
  const isWaiting = status.label === 'Waiting' || status.label === 'Moved to back';
  if (!isWaiting) {
    return (
      <Stack gap={2}>
        <Text size="xl" fw={700}>
          {place}
        </Text>
        <Text size="sm">Your turn is done: {status.label}.</Text>
      </Stack>
    );
  }
  if (peopleAhead === null) return <Loader size="sm" role="status" aria-label="Loading your position" />;
  const described = describeYourPosition(myEntry.position, peopleAhead, sessionStatus);
  return (
    <Stack gap={2}>
      <Text size="xl" fw={700}>
        {described.place}
      </Text>
      <Text>{described.ahead}</Text>
    </Stack>
  );
}
