import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** A malformed id is refused as invalid (400) rather than 404; for the member both mean no such session. */
export function isUnknownSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** "Session Not Found" with the way back, for a session address that leads nowhere. */
export function SessionNotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle>Session Not Found</PageTitle>
      <Button component={Link} to={paths.bidding}>
        Back to Bidding
      </Button>
    </Stack>
  );
}
