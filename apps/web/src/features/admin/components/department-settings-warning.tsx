/**
 * The admin dashboard's reminder of what the department has not set up: its time zone (never saved,
 * so times show in the server's default zone) and e-mail (no SMTP settings, so e-mails wait unsent).
 * Each line names what is missing and links to Department Settings; the warning is gone once both
 * are set. Reads the queries the dashboard already makes; while either is loading or failed, it says
 * nothing about that one rather than guess.
 */
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDepartmentSettingsQuery } from '../../department-settings/index.ts';
import { useNotificationStatusQuery } from '../../notifications/index.ts';

function SettingsLink() {
  return (
    // The alert's own text colour: the theme's link blue on the warning's yellow fails WCAG contrast.
    <Anchor component={Link} to={paths.admin.settings} inherit c="inherit" fw={600} underline="always">
      Department Settings
    </Anchor>
  );
}

export function DepartmentSettingsWarning() {
  const settings = useDepartmentSettingsQuery();
  const delivery = useNotificationStatusQuery();
  const missing: { key: string; text: ReactNode }[] = [];
  if (settings.data?.source === 'default') {
    missing.push({
      key: 'time-zone',
      text: (
        <>
          The department's time zone is not set: turn times show in {settings.data.timeZone}. Set it in <SettingsLink />
          .
        </>
      ),
    });
  }
  if (delivery.data !== undefined && !delivery.data.status.email.isConfigured) {
    missing.push({
      key: 'email',
      text: (
        <>
          E-mail is not configured: turn and reminder e-mails wait unsent until the server has SMTP settings. See{' '}
          <SettingsLink />.
        </>
      ),
    });
  }
  if (missing.length === 0) return null;
  return (
    <Alert color="yellow" title="The department is not fully set up" icon={<IconAlertTriangle aria-hidden />}>
      {missing.length === 1 ? (
        <Text size="sm">{missing[0]?.text}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {missing.map((item) => (
            <List.Item key={item.key}>{item.text}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
