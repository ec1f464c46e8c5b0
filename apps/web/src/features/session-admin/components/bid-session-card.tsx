/**
 * One bid session on /admin/bid-sessions: what it is, when, who, how far it got,
 * and the actions its status allows (getSessionActions). Buttons name the session they act on, so
 * a screen reader's list of buttons stays unambiguous across cards.
 */
import { ActionIcon, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { BidSession } from '@stationbid/domain';
import {
  IconBell,
  IconChartArrows,
  IconDownload,
  IconEye,
  IconHistory,
  IconMailCheck,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatDateTime, formatMinutes, formatSessionDates } from '../../../lib/session-format.ts';
import { getSessionActions, type SessionAction } from '../utils/session-actions.ts';
import { getSessionProgress } from '../utils/session-format.ts';
import { OpenSeatsList, VacancyBadge } from './open-seats-list.tsx';
import { SeniorityCheckNotice } from './seniority-check-notice.tsx';
import { SessionStatusBadge } from './session-status-badge.tsx';
import { ScheduledStartCheckNotice } from './start-check-findings.tsx';

/** The card asks the page to act; the page owns the calls, confirmations and dialogs. */
export interface SessionCardHandlers {
  /** Pause and Resume run at once; the page asks before Start (with the start check) and End. */
  onAction: (session: BidSession, action: Extract<SessionAction, 'start' | 'pause' | 'resume'>) => void;
  onEnd: (session: BidSession) => void;
  onViewDetails: (session: BidSession) => void;
  onEdit: (session: BidSession) => void;
  onViewHistory: (session: BidSession) => void;
  onDelete: (session: BidSession) => void;
  onExport: (session: BidSession) => void;
  onSendReminders: (session: BidSession) => void;
  onWhatIf: (session: BidSession) => void;
  onViewDeliveryLog: (session: BidSession) => void;
}

interface BidSessionCardProps extends SessionCardHandlers {
  session: BidSession;
  /** The action under way on this session, to show it as loading and hold the others. */
  pendingAction: SessionAction | 'export' | null;
}

export function BidSessionCard({ session, pendingAction, ...handlers }: BidSessionCardProps) {
  const timeZone = useDepartmentTimeZone();
  const actions = getSessionActions(session);
  const titleId = `bid-session-${session.id}-name`;
  const isBusy = pendingAction !== null;
  const progress = getSessionProgress(session);
  const isRunning = session.status === 'active' || session.status === 'paused';

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {session.name}
          </Title>
          <Group gap={4} justify="flex-end" style={{ flex: 'none' }}>
            <VacancyBadge session={session} />
            <SessionStatusBadge status={session.status} />
          </Group>
        </Group>
        {session.description !== '' && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {session.description}
          </Text>
        )}

        <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
          <Fact label="Year">{session.year}</Fact>
          <Fact label="Participants">{session.participantCount}</Fact>
          <Fact label="Dates">{formatSessionDates(session)}</Fact>
          <Fact label="Bid window">{formatMinutes(session.bidWindowDuration)}</Fact>
          {session.status === 'scheduled' && session.scheduledStart !== null && (
            <Fact label="Starts">{formatDateTime(session.scheduledStart, { timeZone })}</Fact>
          )}
          {session.status === 'completed' && session.actualEnd !== null && (
            <Fact label="Ended">{formatDateTime(session.actualEnd, { timeZone })}</Fact>
          )}
        </SimpleGrid>
        <OpenSeatsList session={session} headingOrder={4} size="xs" />

        {isRunning && (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                Progress
              </Text>
              <Text size="xs" fw={600}>
                {progress.completed} / {progress.total} done
              </Text>
            </Group>
            <Progress value={progress.percent} aria-label={`${session.name} progress`} size="sm" />
          </Stack>
        )}

        <SeniorityCheckNotice sessionId={session.id} enabled={actions.canStart} />
        {session.status === 'scheduled' && (
          <ScheduledStartCheckNotice sessionId={session.id} sessionName={session.name} />
        )}

        <Group gap="xs" mt="auto" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            {actions.canStart && (
              <CardButton
                label="Start"
                sessionName={session.name}
                icon={<IconPlayerPlay size={16} aria-hidden />}
                color="green"
                isLoading={pendingAction === 'start'}
                isDisabled={isBusy}
                onClick={() => handlers.onAction(session, 'start')}
              />
            )}
            {actions.canPause && (
              <CardButton
                label="Pause"
                sessionName={session.name}
                icon={<IconPlayerPause size={16} aria-hidden />}
                color="yellow"
                isLoading={pendingAction === 'pause'}
                isDisabled={isBusy}
                onClick={() => handlers.onAction(session, 'pause')}
              />
            )}
            {actions.canResume && (
              <CardButton
                label="Resume"
                sessionName={session.name}
                icon={<IconPlayerPlay size={16} aria-hidden />}
                color="green"
                isLoading={pendingAction === 'resume'}
                isDisabled={isBusy}
                onClick={() => handlers.onAction(session, 'resume')}
              />
            )}
            {actions.canEnd && (
              <CardButton
                label="End"
                sessionName={session.name}
                icon={<IconPlayerStop size={16} aria-hidden />}
                color="red"
                variant="light"
                isLoading={pendingAction === 'end'}
                isDisabled={isBusy}
                onClick={() => handlers.onEnd(session)}
              />
            )}
            {actions.canExport && (
              <CardButton
                label="Export"
                sessionName={session.name}
                icon={<IconDownload size={16} aria-hidden />}
                color="blue"
                variant="light"
                isLoading={pendingAction === 'export'}
                isDisabled={isBusy}
                onClick={() => handlers.onExport(session)}
              />
            )}
            {actions.canSendReminders && (
              <CardButton
                label="Reminders"
                sessionName={session.name}
                icon={<IconBell size={16} aria-hidden />}
                color="blue"
                variant="light"
                isLoading={false}
                isDisabled={isBusy}
                onClick={() => handlers.onSendReminders(session)}
              />
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconAction
              tooltip="View details"
              label={`View details of ${session.name}`}
              onClick={() => handlers.onViewDetails(session)}
            >
              <IconEye size={18} aria-hidden />
            </IconAction>
            {actions.editScope !== null && (
              <IconAction
                tooltip="Edit"
                label={`Edit ${session.name}`}
                color="blue"
                onClick={() => handlers.onEdit(session)}
              >
                <IconPencil size={18} aria-hidden />
              </IconAction>
            )}
            {actions.canSimulate && (
              <IconAction
                tooltip="What-if run"
                label={`What-if run of ${session.name}`}
                onClick={() => handlers.onWhatIf(session)}
              >
                <IconChartArrows size={18} aria-hidden />
              </IconAction>
            )}
            {session.status !== 'draft' && (
              <IconAction
                tooltip="Delivery log"
                label={`Delivery log of ${session.name}`}
                onClick={() => handlers.onViewDeliveryLog(session)}
              >
                <IconMailCheck size={18} aria-hidden />
              </IconAction>
            )}
            <IconAction
              tooltip="History"
              label={`History of ${session.name}`}
              onClick={() => handlers.onViewHistory(session)}
            >
              <IconHistory size={18} aria-hidden />
            </IconAction>
            {actions.deleteKind !== null && (
              <IconAction
                tooltip="Delete"
                label={`Delete ${session.name}`}
                color="red"
                onClick={() => handlers.onDelete(session)}
              >
                <IconTrash size={18} aria-hidden />
              </IconAction>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

interface CardButtonProps {
  label: string;
  sessionName: string;
  icon: ReactNode;
  color: string;
  variant?: 'filled' | 'light';
  isLoading: boolean;
  isDisabled: boolean;
  onClick: () => void;
}

function CardButton({
  label,
  sessionName,
  icon,
  color,
  variant = 'filled',
  isLoading,
  isDisabled,
  onClick,
}: CardButtonProps) {
  return (
    <Button
      size="xs"
      color={color}
      variant={variant}
      leftSection={icon}
      loading={isLoading}
      disabled={isDisabled && !isLoading}
      onClick={onClick}
      aria-label={`${label} ${sessionName}`}
    >
      {label}
    </Button>
  );
}

interface IconActionProps {
  tooltip: string;
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}

function IconAction({ tooltip, label, color = 'gray', onClick, children }: IconActionProps) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
