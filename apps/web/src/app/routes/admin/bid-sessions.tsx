/**
 * Bid Session Management (/admin/bid-sessions): the Admin Session Control for the
 * session under way, then every session as a card with search, a status filter and the actions its
 * status allows, and the dialogs to create, edit, inspect, start (with the start check), end, delete, send
 * reminders and read the delivery log. Dialogs hold a session's
 * id, not a copy, so they always show the session as last loaded.
 */
import { Button, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { BidSession } from '@stationbid/domain';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  AdminSessionControl,
  BidSessionCard,
  DeliveryLogModal,
  filterBidSessions,
  findControlledSession,
  hasSessionFilters,
  NO_SESSION_FILTERS,
  SESSION_STATUS_FILTERS,
  SendRemindersModal,
  type SessionAction,
  SessionDetailsModal,
  type SessionFilters,
  SessionFormModal,
  SessionHistoryModal,
  type SessionStatusFilter,
  StartSessionDialog,
  useBidSessionsQuery,
  useDeleteBidSession,
  useExportSessionResults,
  useSessionAction,
  WhatIfModal,
} from '../../../features/session-admin/index.ts';
import { SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';

type SessionDialog =
  | { kind: 'create' }
  | { kind: 'edit'; sessionId: string }
  | { kind: 'details'; sessionId: string }
  | { kind: 'history'; sessionId: string }
  | { kind: 'end'; sessionId: string }
  | { kind: 'delete'; sessionId: string }
  | { kind: 'reminders'; sessionId: string }
  | { kind: 'start'; sessionId: string }
  | { kind: 'deliveryLog'; sessionId: string }
  | { kind: 'whatIf'; sessionId: string };

const STATUS_OPTIONS = SESSION_STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All statuses' : SESSION_STATUS_LABELS[value],
}));

function BidSessionManagementPage() {
  const queryClient = useQueryClient();
  const sessionsQuery = useBidSessionsQuery();
  const [filters, setFilters] = useState<SessionFilters>(NO_SESSION_FILTERS);
  const [dialog, setDialog] = useState<SessionDialog | null>(null);
  const closeDialog = () => setDialog(null);

  // After a start the control panel takes the started session: bring it into view (on a phone it
  // sits far above the card that was pressed).
  const [startedSessionId, setStartedSessionId] = useState<string | null>(null);
  const clearStartedSession = useCallback(() => setStartedSessionId(null), []);
  const sessionAction = useSessionAction({
    onSuccess: ({ action, sessionId }) => {
      closeDialog();
      if (action === 'start') setStartedSessionId(sessionId);
    },
  });
  const deleteSession = useDeleteBidSession({ onSettled: closeDialog });
  const exportResults = useExportSessionResults();

  const sessions = sessionsQuery.data ?? [];
  const shownSessions = filterBidSessions(sessions, filters);
  const controlledSession = findControlledSession(sessions);

  const findDialogSession = (kind: SessionDialog['kind']): BidSession | null =>
    dialog !== null && dialog.kind === kind && dialog.kind !== 'create'
      ? (sessions.find((session) => session.id === dialog.sessionId) ?? null)
      : null;
  const sessionToEnd = findDialogSession('end');
  const sessionToDelete = findDialogSession('delete');
  const sessionToStart = findDialogSession('start');
  const runAction = (session: BidSession, action: SessionAction) =>
    sessionAction.mutate({ sessionId: session.id, action, sessionName: session.name });

  const pendingActionOf = (session: BidSession): SessionAction | 'export' | null => {
    if (sessionAction.isPending && sessionAction.variables.sessionId === session.id) {
      return sessionAction.variables.action;
    }
    if (exportResults.isPending && exportResults.variables.id === session.id) return 'export';
    return null;
  };
  const changeFilters = (changes: Partial<SessionFilters>) => setFilters((current) => ({ ...current, ...changes }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <PageTitle>Bid Session Management</PageTitle>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            // Everything about sessions, the control panel's session included.
            onClick={() => invalidateAllSessions(queryClient)}
            loading={sessionsQuery.isFetching && !sessionsQuery.isPending}
          >
            Refresh
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
            Create Session
          </Button>
        </Group>
      </Group>

      {controlledSession !== null && (
        <AdminSessionControl
          key={controlledSession.id}
          session={controlledSession}
          scrollIntoView={startedSessionId === controlledSession.id}
          onScrolledIntoView={clearStartedSession}
        />
      )}

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or description"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => changeFilters({ search: event.currentTarget.value })}
          flex="1 1 240px"
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => changeFilters({ status: (value as SessionStatusFilter | null) ?? 'all' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>

      {sessionsQuery.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading bid sessions" />
        </Center>
      ) : sessionsQuery.isError ? (
        <LoadError
          title="Failed to load bid sessions"
          error={sessionsQuery.error}
          onRetry={() => sessionsQuery.refetch()}
          isRetrying={sessionsQuery.isFetching}
        />
      ) : shownSessions.length === 0 ? (
        <NoSessionsFound
          isFiltered={hasSessionFilters(filters)}
          onCreate={() => setDialog({ kind: 'create' })}
          onClearFilters={() => setFilters(NO_SESSION_FILTERS)}
        />
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {shownSessions.length} of {sessions.length} sessions
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {shownSessions.map((session) => (
              <BidSessionCard
                key={session.id}
                session={session}
                pendingAction={pendingActionOf(session)}
                onAction={(target, action) =>
                  action === 'start' ? setDialog({ kind: 'start', sessionId: target.id }) : runAction(target, action)
                }
                onViewDeliveryLog={(target) => setDialog({ kind: 'deliveryLog', sessionId: target.id })}
                onEnd={(target) => setDialog({ kind: 'end', sessionId: target.id })}
                onViewDetails={(target) => setDialog({ kind: 'details', sessionId: target.id })}
                onEdit={(target) => setDialog({ kind: 'edit', sessionId: target.id })}
                onViewHistory={(target) => setDialog({ kind: 'history', sessionId: target.id })}
                onWhatIf={(target) => setDialog({ kind: 'whatIf', sessionId: target.id })}
                onDelete={(target) => setDialog({ kind: 'delete', sessionId: target.id })}
                onExport={(target) => exportResults.mutate(target)}
                onSendReminders={(target) => setDialog({ kind: 'reminders', sessionId: target.id })}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      <SessionFormModal
        opened={dialog?.kind === 'create' || findDialogSession('edit') !== null}
        session={findDialogSession('edit')}
        onClose={closeDialog}
      />
      <SessionDetailsModal session={findDialogSession('details')} onClose={closeDialog} />
      <SessionHistoryModal session={findDialogSession('history')} onClose={closeDialog} />
      <WhatIfModal session={findDialogSession('whatIf')} onClose={closeDialog} />
      <SendRemindersModal session={findDialogSession('reminders')} onClose={closeDialog} />
      <DeliveryLogModal session={findDialogSession('deliveryLog')} onClose={closeDialog} />
      <StartSessionDialog
        session={sessionToStart}
        isStarting={sessionAction.isPending && sessionAction.variables.action === 'start'}
        onStart={() => sessionToStart !== null && runAction(sessionToStart, 'start')}
        onClose={closeDialog}
      />
      <ConfirmDialog
        opened={sessionToEnd !== null}
        title="End Bid Session"
        confirmLabel="End Session"
        isPending={sessionAction.isPending && sessionAction.variables.action === 'end'}
        onConfirm={() => sessionToEnd !== null && runAction(sessionToEnd, 'end')}
        onClose={closeDialog}
      >
        <Text>
          End {sessionToEnd?.name} now? Members who have not had their turn keep the seat they hold and are listed as
          Not Assigned. This cannot be undone.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={sessionToDelete !== null}
        title={sessionToDelete?.status === 'completed' ? 'Delete Completed Session' : 'Delete Bid Session'}
        confirmLabel="Delete Session"
        isPending={deleteSession.isPending}
        onConfirm={() => sessionToDelete !== null && deleteSession.mutate(sessionToDelete)}
        onClose={closeDialog}
      >
        {sessionToDelete?.status === 'completed' ? (
          <Text>
            Delete {sessionToDelete.name}? This is for testing only: the session's results and history are deleted with
            it and cannot be recovered.
          </Text>
        ) : (
          <Text>Are you sure you want to delete {sessionToDelete?.name}? This action cannot be undone.</Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

function NoSessionsFound({
  isFiltered,
  onCreate,
  onClearFilters,
}: {
  isFiltered: boolean;
  onCreate: () => void;
  onClearFilters: () => void;
}) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} size="h3">
          No Bid Sessions Found
        </Title>
        {isFiltered ? (
          <>
            <Text c="dimmed">No session matches the search and status filter.</Text>
            <Button variant="light" onClick={onClearFilters}>
              Clear Filters
            </Button>
          </>
        ) : (
          <>
            <Text c="dimmed">There are no bid sessions yet. Create the first one to start bidding.</Text>
            <Button onClick={onCreate}>Create First Session</Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { BidSessionManagementPage as Component };
