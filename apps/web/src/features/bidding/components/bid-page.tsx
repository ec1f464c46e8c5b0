/**
 * /bid/:sessionId: the Bidding page centred on the session in the address (a link from a
 * notification or a shared address), whatever session the server currently calls current.
 */
import { Center, Loader, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useLiveSessionQuery } from '../../live-bidding/api/get-live-session.ts';
import { isUnknownSession, SessionNotFound } from '../../live-bidding/components/session-not-found.tsx';
import { BiddingPage } from './bidding-page.tsx';

export function BidPage() {
  const { sessionId = '' } = useParams();
  // Its own reads (and the live stream) start once the page below takes over; no polling here.
  const sessionQuery = useLiveSessionQuery(sessionId, false);

  if (sessionQuery.data !== undefined) return <BiddingPage focusedSession={sessionQuery.data} />;
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
