import { Center, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFlame } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The centred card of the signed-out pages: product name, the page's own heading, then content. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · StationBid`);
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--stationbid-page-background)">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap="xs" align="center">
            <ThemeIcon size={48} radius="xl" aria-hidden>
              <IconFlame size={28} />
            </ThemeIcon>
            <Title order={1}>StationBid</Title>
            <Title order={2} size="h3" fw={500}>
              {title}
            </Title>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
