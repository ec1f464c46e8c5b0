import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { getErrorMessage } from '../lib/api-client.ts';

interface LoadErrorProps {
  /** The screen's own message, e.g. "Failed to load stations". */
  title: string;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}

/**
 * The inline error of data that did not load, with Try Again: the screen's message
 * as the heading, and under it the server's reason or the client's (offline, timeout) when there is one.
 */
export function LoadError({ title, error, onRetry, isRetrying }: LoadErrorProps) {
  const detail = getErrorMessage(error, title);
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        {detail !== title && <Text size="sm">{detail}</Text>}
        <Button variant="light" color="red" onClick={onRetry} loading={isRetrying}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}
