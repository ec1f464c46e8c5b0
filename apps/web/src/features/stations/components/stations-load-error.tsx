import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/api-client.ts';

const LOAD_FAILED = 'Failed to load stations';

/** The inline error of a station list that did not load, with Try Again (spec section 8). */
export function StationsLoadError({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const detail = getErrorMessage(error, LOAD_FAILED);
  return (
    <Alert color="red" title={LOAD_FAILED} icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        {detail !== LOAD_FAILED && <Text size="sm">{detail}</Text>}
        <Button variant="light" color="red" onClick={onRetry} loading={isRetrying}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}
