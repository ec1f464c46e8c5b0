import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

function reloadPage(): void {
  window.location.reload();
}

/** The "Something went wrong" screen for failures nothing else caught. */
export function ErrorScreen({ onReload = reloadPage }: { onReload?: () => void }) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <IconAlertTriangle size={32} />
        </ThemeIcon>
        <Title order={1}>Something went wrong</Title>
        <Text>An unexpected error stopped this page. Reloading it usually helps.</Text>
        <Button onClick={onReload}>Reload Page</Button>
      </Stack>
    </Center>
  );
}
