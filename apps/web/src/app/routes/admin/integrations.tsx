/**
 * Integrations (/admin/integrations): the API tokens other systems (an HR roster sync, a
 * scheduling system) call StationBid with, each allowed only what its scopes say; the latest roster
 * syncs such a system sent; and the webhook endpoints StationBid posts signed events to.
 */
import { Code, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiTokenManagement, RosterSyncStatus, WebhookManagement } from '../../../features/integrations/index.ts';

function IntegrationsPage() {
  return (
    <Stack gap="lg">
      <PageTitle>Integrations</PageTitle>
      <Text c="gray.7">
        API tokens let another system read sessions and results or keep the roster in step, and nothing else. Each token
        is shown once when it is created. The scopes, with examples, are in <Code>docs/integrations.md</Code>.
      </Text>
      <ApiTokenManagement />
      {/* Below the tokens: its empty state sends the reader to create a roster:write token above. */}
      <RosterSyncStatus />
      <WebhookManagement />
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { IntegrationsPage as Component };
