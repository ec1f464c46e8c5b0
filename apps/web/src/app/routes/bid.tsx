/**
 * /bid/:sessionId: the Bidding page centred on the session in the address (a link from a
 * notification or a shared address), whatever session the server currently calls current.
 */
import { Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { BiddingBoard, isUnknownSession, SessionNotFound } from '../../features/session-room/index.ts';
import { sessionListQueryOptions, useSessionBoardQuery } from '../../lib/session-queries.ts';

function BidPage() {
  const { sessionId = '' } = useParams();
  // The board says whether the member may see the session (404 otherwise); the light sessions list
  // gives its calendar facts. The live reads start once the page below takes over.
  const sessionQuery = useSessionBoardQuery(sessionId);
  const listQuery = useQuery(sessionListQueryOptions());
  const listed = listQuery.data?.find((session) => session.id === sessionId);

  if (sessionQuery.data !== undefined && listed !== undefined) return <BiddingBoard focusedSession={listed} />;
  if (sessionQuery.data !== undefined && listQuery.data !== undefined) return <SessionNotFound />;
  if (sessionQuery.isError && isUnknownSession(sessionQuery.error)) return <SessionNotFound />;
  if (sessionQuery.isError) {
    return (
      <Stack gap="md">
        <PageTitle>Bidding</PageTitle>
        <LoadError
          title="Failed to load session data"
          error={sessionQuery.error}
          onRetry={() => sessionQuery.refetch()}
          isRetrying={sessionQuery.isFetching}
        />
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading session" />
    </Center>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { BidPage as Component };
