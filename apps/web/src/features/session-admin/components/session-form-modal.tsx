/**
 * The create and edit session dialog (schemas/bid-session.ts). A draft or scheduled session
 * changes freely; an active or paused one keeps everything but its name, description, bid window and
 * auto-assign timeout, and says so. The server has the last word, and its refusal is shown as a
 * toast and beside the buttons (a refusal about rounds names the rank and members to place, which
 * must stay readable while the administrator fixes it) while the dialog stays open with what was typed.
 * A vacancy bid (bidding-rules.md, "Vacancy bids") is chosen when the session is created: it names
 * the seats that opened and the members who may be offered them, and has no rounds, no stations
 * offered and clears nobody's seat.
 */
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Loader,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type BidSession, type BidSessionDetail, type BidSessionType, LIMITS, TIMERS } from '@stationbid/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useRef } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSettledDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { SESSION_TYPE_LABELS } from '../../../lib/session-format.ts';
import { useBidSessionQuery } from '../api/bid-session-queries.ts';
import { useCreateBidSession } from '../api/create-bid-session.ts';
import { useOfferableStationsQuery, useSessionMembersQuery } from '../api/get-session-candidates.ts';
import { useUpdateBidSession } from '../api/update-bid-session.ts';
import { type EditScope, getSessionActions } from '../utils/session-actions.ts';
import {
  CREATE_ONLY_FIELDS,
  emptyOpenSeat,
  emptySessionFormValues,
  firstInvalidField,
  isFieldEditable,
  listTieBreakOptions,
  type SessionFormField,
  type SessionFormValues,
  sessionToFormValues,
  toCreateSessionRequest,
  toUpdateSessionRequest,
  validateSessionForm,
} from '../utils/session-form-values.ts';
import { ELIGIBILITY_MODE_LABELS } from '../utils/session-format.ts';
import { OpenSeatsField } from './open-seats-field.tsx';
import { ParticipantPicker } from './participant-picker.tsx';
import { SessionModal } from './session-modal.tsx';
import { SessionRoundsField } from './session-rounds-field.tsx';

interface SessionFormModalProps {
  opened: boolean;
  /** The session to edit; null to create one. */
  session: BidSession | null;
  onClose: () => void;
}

export function SessionFormModal({ opened, session, onClose }: SessionFormModalProps) {
  const timeZone = useSettledDepartmentTimeZone();
  return (
    <SessionModal
      opened={opened}
      onClose={onClose}
      title={session === null ? 'Create Bid Session' : `Edit ${session.name}`}
      size="xl"
    >
      {opened &&
        (timeZone === undefined ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the department's time zone" />
          </Center>
        ) : session === null ? (
          <SessionForm session={null} timeZone={timeZone} onDone={onClose} />
        ) : (
          <EditSessionLoader sessionId={session.id} timeZone={timeZone} onDone={onClose} />
        ))}
    </SessionModal>
  );
}

/** Editing needs the session's participants, which only the single-session answer carries. */
function EditSessionLoader({
  sessionId,
  timeZone,
  onDone,
}: {
  sessionId: string;
  timeZone: string;
  onDone: () => void;
}) {
  const sessionQuery = useBidSessionQuery(sessionId);
  if (sessionQuery.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading session" />
      </Center>
    );
  }
  if (sessionQuery.isError) {
    return (
      <LoadError
        title="Failed to load session data"
        error={sessionQuery.error}
        onRetry={() => sessionQuery.refetch()}
        isRetrying={sessionQuery.isFetching}
      />
    );
  }
  const scope = getSessionActions(sessionQuery.data).editScope;
  if (scope === null) {
    return <Alert color="gray">A completed session can no longer be edited.</Alert>;
  }
  // Keyed by session and scope: a session that started meanwhile gets a fresh form with its limits.
  return (
    <SessionForm
      key={`${sessionId}:${scope}`}
      session={sessionQuery.data}
      scope={scope}
      timeZone={timeZone}
      onDone={onDone}
    />
  );
}

/** `timeZone`: the department's, in which the scheduled start is typed and shown. */
type SessionFormProps =
  | { session: null; scope?: undefined; timeZone: string; onDone: () => void }
  | { session: BidSessionDetail; scope: EditScope; timeZone: string; onDone: () => void };

function SessionForm({ session, scope = 'full', timeZone, onDone }: SessionFormProps) {
  const createSession = useCreateBidSession({ onSuccess: onDone });
  const updateSession = useUpdateBidSession({ onSuccess: onDone });
  const membersQuery = useSessionMembersQuery();
  const isSaving = createSession.isPending || updateSession.isPending;
  const hasTriedToSave = useRef(false);
  const nowMs = useNow(TIMERS.liveRefreshMs);
  const initialValues = useRef(
    session === null ? emptySessionFormValues(nowMs, timeZone) : sessionToFormValues(session, timeZone),
  );
  // Called when the form validates (on change and on submit), so it reads the clock then.
  const validationContext = () => ({
    scope,
    timeZone,
    nowMs: Date.now(),
    initialScheduledStart: session === null ? '' : initialValues.current.scheduledStart,
  });

  const form = useForm<SessionFormValues>({
    mode: 'controlled',
    initialValues: initialValues.current,
    validate: (values) => validateSessionForm(values, validationContext()),
    onValuesChange: (values) => {
      // After a first attempt, errors follow the values (e.g. an end date moved after the start).
      if (hasTriedToSave.current) form.setErrors(validateSessionForm(values, validationContext()));
    },
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      // Members deactivated since they were picked cannot take part: leave them out.
      const activeIds = new Set((membersQuery.data ?? []).filter((user) => user.isActive).map((user) => user.id));
      const sendable =
        membersQuery.data === undefined
          ? values
          : { ...values, participantIds: values.participantIds.filter((id) => activeIds.has(id)) };
      if (session === null) createSession.mutate(toCreateSessionRequest(sendable, timeZone));
      else updateSession.mutate({ sessionId: session.id, body: toUpdateSessionRequest(sendable, scope, timeZone) });
    },
    (errors) => {
      hasTriedToSave.current = true;
      // Focus goes to the first wrong field as the form reads, top to bottom.
      const first = firstInvalidField(errors);
      if (first !== undefined) form.getInputNode(first)?.focus();
    },
  );

  const isLocked = (field: SessionFormField) =>
    !isFieldEditable(field, scope) || isSaving || (session !== null && CREATE_ONLY_FIELDS.includes(field));
  const saveError = session === null ? createSession.error : updateSession.error;
  const hasNoParticipants = scope === 'full' && form.values.participantIds.length === 0;
  const isVacancy = form.values.type === 'vacancy';
  const chooseType = (value: string) => {
    form.setFieldValue('type', value as BidSessionType);
    // A vacancy bid needs a seat that opened: its first row is there to fill in.
    if (value === 'vacancy' && form.values.openSeats.length === 0) form.setFieldValue('openSeats', [emptyOpenSeat()]);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {scope === 'running' && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
            This session is running: only its name, description, bid window and auto-assign timeout can change. New
            times apply from the next turn on.
          </Alert>
        )}
        <TextInput
          label="Session Name"
          required
          autoComplete="off"
          disabled={isLocked('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          rows={2}
          resize="vertical"
          disabled={isLocked('description')}
          {...form.getInputProps('description')}
        />
        <Radio.Group
          label="Type of bid"
          description={
            session === null
              ? 'A vacancy bid offers seats that opened during the year, and each seat a move leaves, to the members you choose.'
              : 'Chosen when the session was created.'
          }
          {...form.getInputProps('type')}
          onChange={chooseType}
        >
          <Group gap="lg" mt={6}>
            <Radio value="standard" label={SESSION_TYPE_LABELS.standard} disabled={isLocked('type')} />
            <Radio value="vacancy" label={SESSION_TYPE_LABELS.vacancy} disabled={isLocked('type')} />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Year"
            required
            min={LIMITS.sessionYearMin}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            disabled={isLocked('year')}
            {...form.getInputProps('year')}
          />
          <TextInput
            label="Start Date"
            type="date"
            required
            disabled={isLocked('startDate')}
            {...form.getInputProps('startDate')}
          />
          <TextInput
            label="End Date"
            type="date"
            required
            disabled={isLocked('endDate')}
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
        <TextInput
          label="Scheduled Start"
          type="datetime-local"
          description={`Optional, in the department's time zone (${timeZone}), whatever zone this device is in. With a time set, the session is scheduled and starts by itself; without one, start it by hand.`}
          disabled={isLocked('scheduledStart')}
          {...form.getInputProps('scheduledStart')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Bid Window (minutes)"
            description={`Time each member has to bid: ${LIMITS.bidWindowMinutesMin} to ${LIMITS.bidWindowMinutesMax} minutes.`}
            required
            min={LIMITS.bidWindowMinutesMin}
            max={LIMITS.bidWindowMinutesMax}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            disabled={isLocked('bidWindowDuration')}
            {...form.getInputProps('bidWindowDuration')}
          />
          {/* A vacancy bid's missed turn is a pass: it gives no second chance to time. */}
          {!isVacancy && (
            <NumberInput
              label="Auto-assign Timeout (minutes)"
              description={`The shorter second chance of a member moved to the back: ${LIMITS.autoAssignTimeoutMinutesMin} to ${LIMITS.autoAssignTimeoutMinutesMax} minutes.`}
              required
              min={LIMITS.autoAssignTimeoutMinutesMin}
              max={LIMITS.autoAssignTimeoutMinutesMax}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              disabled={isLocked('autoAssignTimeout')}
              {...form.getInputProps('autoAssignTimeout')}
            />
          )}
        </SimpleGrid>

        <Divider label="Rules" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Radio.Group
            label="Eligibility"
            description="Which seat positions a member may bid on."
            {...form.getInputProps('eligibilityMode')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="rank" label={ELIGIBILITY_MODE_LABELS.rank} disabled={isLocked('eligibilityMode')} />
              <Radio value="any" label={ELIGIBILITY_MODE_LABELS.any} disabled={isLocked('eligibilityMode')} />
            </Stack>
          </Radio.Group>
          <Radio.Group
            label="Tie-break"
            description="How equal seniority scores are ordered."
            {...form.getInputProps('tieBreakChain')}
          >
            <Stack gap={6} mt={6}>
              {listTieBreakOptions(form.values.tieBreakChain).map((option) => (
                <Radio
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  description={option.description}
                  disabled={isLocked('tieBreakChain')}
                />
              ))}
            </Stack>
          </Radio.Group>
        </SimpleGrid>
        {isVacancy ? (
          <>
            <Divider label="Open seats" labelPosition="left" />
            <OpenSeatsField form={form} isDisabled={isLocked('openSeats')} />
          </>
        ) : (
          <>
            <Checkbox
              label="Clear assignments"
              description="Release the seats the participants hold when the session starts, so every one of them is open to the whole queue."
              disabled={isLocked('clearAssignments')}
              {...form.getInputProps('clearAssignments', { type: 'checkbox' })}
            />

            <Divider label="Rounds" labelPosition="left" />
            {scope === 'running' && form.values.roundsEnabled && (
              <Text size="sm" c="dimmed">
                The session has started: its rounds can no longer change.
              </Text>
            )}
            <SessionRoundsField form={form} isDisabled={isLocked('rounds')} />

            <Divider label="Stations" labelPosition="left" />
            <StationOfferField form={form} isDisabled={isLocked('stationIds')} />
          </>
        )}

        <Divider label={isVacancy ? 'Eligible members' : 'Participants'} labelPosition="left" />
        <ParticipantPicker
          label={isVacancy ? 'Members who may be offered the seats' : 'Participants'}
          description={
            isVacancy
              ? 'Only active members can be offered a seat. The offer follows seniority: priority #1 is asked first, and each seat a member leaves is offered again from the top.'
              : undefined
          }
          selectedIds={form.values.participantIds}
          onChange={(ids) => form.setFieldValue('participantIds', ids)}
          error={form.errors.participantIds as string | undefined}
          isDisabled={isLocked('participantIds')}
        />

        {saveError !== null && (
          <Alert color="red" variant="light" title="The session is not saved" icon={<IconInfoCircle aria-hidden />}>
            {getErrorMessage(
              saveError,
              session === null ? 'Failed to create bid session' : 'Failed to update bid session',
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {hasNoParticipants && (
            <Text size="sm" c="dimmed" mr="auto">
              Select at least one participant to {session === null ? 'create' : 'save'} the session.
            </Text>
          )}
          <Button variant="default" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving} disabled={hasNoParticipants}>
            {session === null ? 'Create Session' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** All active stations (the default), or the ones ticked. */
function StationOfferField({ form, isDisabled }: { form: UseFormReturnType<SessionFormValues>; isDisabled: boolean }) {
  const stationsQuery = useOfferableStationsQuery();
  const isChoosing = form.values.stationOffer === 'chosen';
  return (
    <Stack gap="xs">
      <Radio.Group label="Stations Offered" {...form.getInputProps('stationOffer')}>
        <Group gap="lg" mt={6}>
          <Radio value="all" label="All active stations" disabled={isDisabled} />
          <Radio value="chosen" label="Only the stations I choose" disabled={isDisabled} />
        </Group>
      </Radio.Group>
      {isChoosing &&
        (stationsQuery.isPending ? (
          <Loader role="status" aria-label="Loading stations" size="sm" />
        ) : stationsQuery.isError ? (
          <LoadError
            title="Failed to load stations"
            error={stationsQuery.error}
            onRetry={() => stationsQuery.refetch()}
            isRetrying={stationsQuery.isFetching}
          />
        ) : (
          <Checkbox.Group label="Stations in this session" {...form.getInputProps('stationIds')}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt={6}>
              {[...stationsQuery.data]
                .sort((a, b) => a.number - b.number)
                .map((station) => (
                  <Checkbox
                    key={station.id}
                    value={station.id}
                    label={`Station ${station.number} · ${station.name}`}
                    disabled={isDisabled}
                  />
                ))}
            </SimpleGrid>
          </Checkbox.Group>
        ))}
    </Stack>
  );
}
