/**
 * Whether e-mail and text messages can go out, on the department settings page. Both are set by the
 * server's environment (SMTP_URL; SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM), not on a screen, so
 * this card only reads the delivery status and says which settings the operator sets; what waits and
 * what failed is on Notification Management.
 */
import { Anchor, Badge, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { paths } from '../../../config/paths.ts';
import { useNotificationStatusQuery } from '../api/notification-queries.ts';

function ChannelLine({ name, isConfigured, settings }: { name: string; isConfigured: boolean; settings: string[] }) {
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Badge color={isConfigured ? 'green' : 'yellow'} variant="light">
          {isConfigured ? 'Configured' : 'Not configured'}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7">
        {isConfigured ? 'Set on the server by ' : 'Messages wait unsent until the server is started with '}
        {settings.map((setting, index) => (
          <span key={setting}>
            {index > 0 && (index === settings.length - 1 ? ' and ' : ', ')}
            <Code>{setting}</Code>
          </span>
        ))}
        .
      </Text>
    </Stack>
  );
}

export function DeliveryConfigurationCard() {
  const statusQuery = useNotificationStatusQuery();
  const link = (
    <Anchor component={Link} to={paths.admin.notifications} size="sm">
      Notification Management
    </Anchor>
  );
  return (
    <SectionCard title="E-mail and text messages" aside={link}>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          The server's operator sets these in its environment (see the README); they cannot be changed here.
        </Text>
        {statusQuery.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the delivery settings" />
        ) : statusQuery.isError ? (
          <LoadError
            title="Failed to load the delivery settings"
            error={statusQuery.error}
            onRetry={() => statusQuery.refetch()}
            isRetrying={statusQuery.isFetching}
          />
        ) : (
          <Stack gap="sm">
            <ChannelLine
              name="E-mail"
              isConfigured={statusQuery.data.status.email.isConfigured}
              settings={['SMTP_URL', 'MAIL_FROM']}
            />
            <ChannelLine
              name="Text messages (SMS)"
              isConfigured={statusQuery.data.status.sms.isConfigured}
              settings={['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM']}
            />
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
