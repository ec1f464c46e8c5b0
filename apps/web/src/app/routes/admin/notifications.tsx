/**
 * Notification Management (/admin/notifications): the real state of e-mail, SMS
 * and push delivery, test or session notifications sent through the outbox, and the webhook
 * deliveries (their endpoints are managed on the Integrations page). Administrators only:
 * AdminRoute sends anyone else to /dashboard, and the server answers a member with
 * "Access denied. Admin privileges required.", which the panels would show.
 */
import { Stack, Tabs } from '@mantine/core';
import { IconActivity, IconSend, IconWebhook } from '@tabler/icons-react';
import { PageTitle } from '../../../components/page-title.tsx';
import { WebhookDeliveries } from '../../../features/integrations/index.ts';
import { DeliveryStatusPanel, TestNotificationsPanel } from '../../../features/notifications/index.ts';

function NotificationManagementPage() {
  return (
    <Stack gap="md">
      <PageTitle>Notification Management</PageTitle>
      <Tabs defaultValue="status" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="status" leftSection={<IconActivity size={16} aria-hidden />}>
            System Status
          </Tabs.Tab>
          <Tabs.Tab value="test" leftSection={<IconSend size={16} aria-hidden />}>
            Test Notifications
          </Tabs.Tab>
          <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} aria-hidden />}>
            Webhooks
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="status" pt="md">
          <DeliveryStatusPanel />
        </Tabs.Panel>
        <Tabs.Panel value="test" pt="md">
          <TestNotificationsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <WebhookDeliveries />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { NotificationManagementPage as Component };
