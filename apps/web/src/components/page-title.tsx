import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** A page's h1, also used as the browser tab title so history and screen readers name the page. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · StationBid`);
  return <Title order={1}>{children}</Title>;
}
