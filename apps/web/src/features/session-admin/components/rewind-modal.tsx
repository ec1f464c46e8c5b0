/**
 * The rewind of a bid (bidding-rules.md, "Rewind": "bidding shall stop and shall begin again with
 * the senior affected member"). Before anything is undone the dialog shows what the server's own
 * preview found: whose turn bidding begins again with, every member whose turn would be undone
 * (the seat their turn won and the seat they get back), the places corrected seniority data moves,
 * and why the server would refuse, if it would. The administrator writes the reason everyone
 * affected reads, then confirms.
 */
import { Alert, Button, Center, Group, List, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  PARTICIPANT_OUTCOME_LABELS,
  REWIND_REASON_MAX_LENGTH,
  type RewindPreview,
  rewindRequestSchema,
} from '@stationbid/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatSeatByNumber } from '../../../lib/session-format.ts';
import { useRewindPreviewQuery } from '../api/bid-session-queries.ts';
import { useRewindSession } from '../api/rewind-session.ts';
import { SessionModal } from './session-modal.tsx';

const REWIND_FAILURE_MESSAGE = 'Failed to rewind the bid. Please try again.';

/** The member whose turn bidding would begin again from. */
export interface RewindTarget {
  userId: string;
  name: string;
}

/** "Rewind to Blair Quinn's turn": the dialog's title, its confirm button and the buttons that open it. */
export function rewindLabel(name: string): string {
  return `Rewind to ${name}'s turn`;
}

interface RewindModalProps {
  sessionId: string;
  /** Null while the dialog is closed. */
  target: RewindTarget | null;
  onClose: () => void;
}

export function RewindModal({ sessionId, target, onClose }: RewindModalProps) {
  return (
    <SessionModal
      opened={target !== null}
      onClose={onClose}
      title={target === null ? 'Rewind the bid' : rewindLabel(target.name)}
    >
      {/* A new member is a new form: the reason written for someone else is not carried over. */}
      {target !== null && <RewindForm key={target.userId} sessionId={sessionId} target={target} onClose={onClose} />}
    </SessionModal>
  );
}

function RewindForm({ sessionId, target, onClose }: { sessionId: string; target: RewindTarget; onClose: () => void }) {
  const previewQuery = useRewindPreviewQuery(sessionId, target.userId);
  if (previewQuery.data === undefined) {
    return previewQuery.isError ? (
      <LoadError
        title="Could not work out what the rewind would undo"
        error={previewQuery.error}
        onRetry={() => previewQuery.refetch()}
        isRetrying={previewQuery.isFetching}
      />
    ) : (
      <Center py="md">
        <Loader role="status" aria-label={`Working out what a rewind to ${target.name}'s turn would undo`} size="sm" />
      </Center>
    );
  }
  return <RewindConfirmation sessionId={sessionId} target={target} preview={previewQuery.data} onClose={onClose} />;
}

interface RewindConfirmationProps {
  sessionId: string;
  target: RewindTarget;
  preview: RewindPreview;
  onClose: () => void;
}

function RewindConfirmation({ sessionId, target, preview, onClose }: RewindConfirmationProps) {
  const rewind = useRewindSession({ onSuccess: onClose });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const affectedHeadingId = useId();
  const isRefused = preview.refusal !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule, so a blank reason is named here rather than refused there.
    const request = rewindRequestSchema.safeParse({ toUserId: target.userId, reason });
    if (!request.success) {
      setReasonError(request.error.issues[0]?.message ?? 'Say why the bid is rewound');
      return;
    }
    rewind.mutate({ sessionId, ...request.data });
  };

  return (
    // noValidate: the reason's own message (aria-invalid, under the field) rather than the browser's bubble.
    <form onSubmit={submit} noValidate aria-label={rewindLabel(target.name)}>
      <Stack gap="md">
        {isRefused && (
          <Alert color="red" title="The server would refuse this rewind" icon={<IconAlertCircle aria-hidden />}>
            {preview.refusal}
          </Alert>
        )}
        {preview.resumesWith !== null && (
          <Text size="sm">
            Bidding resumes with{' '}
            <Text span fw={700} size="sm">
              {preview.resumesWith.name}
            </Text>
            's turn.
          </Text>
        )}
        {preview.corrections.length > 0 && <Text size="sm">{describeCorrections(preview.corrections)}</Text>}
        {!isRefused && (
          <Stack gap={4} component="section" aria-labelledby={affectedHeadingId}>
            <Title order={3} size="h5" id={affectedHeadingId}>
              Affected members
            </Title>
            {preview.affected.length === 0 ? (
              <Text size="sm" c="dimmed">
                No turn is undone.
              </Text>
            ) : (
              <List size="sm" spacing={4} aria-labelledby={affectedHeadingId}>
                {preview.affected.map((member) => (
                  // A deleted member has no id; their place in the order is theirs alone.
                  <List.Item key={member.userId ?? `place-${member.bidPriority}`}>
                    <Text span fw={600} size="sm">
                      {member.name}
                    </Text>{' '}
                    #{member.bidPriority} — {describeUndoneTurn(member)}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        )}
        <Textarea
          label="Reason (everyone affected reads it)"
          required
          rows={3}
          maxLength={REWIND_REASON_MAX_LENGTH}
          description={`${reason.length} of ${REWIND_REASON_MAX_LENGTH} characters`}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(null);
          }}
          error={reasonError}
          disabled={isRefused}
        />
        {rewind.isError && (
          <Alert color="red" title="The bid was not rewound" icon={<IconAlertCircle aria-hidden />}>
            {getErrorMessage(rewind.error, REWIND_FAILURE_MESSAGE)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={rewind.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={isRefused} loading={rewind.isPending}>
            {rewindLabel(target.name)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type PreviewSeat = NonNullable<RewindPreview['affected'][number]['seat']>;

const formatPreviewSeat = (seat: PreviewSeat) => formatSeatByNumber(seat.stationNumber, seat.shift, seat.position);

/**
 * What the rewind undoes of one member: the seat their turn won and the seat they hold again, or
 * their turn (a pass, a move to the back) when it won none.
 */
function describeUndoneTurn(member: RewindPreview['affected'][number]): string {
  const undone =
    member.seat === null
      ? `undone: turn${member.outcome === null ? '' : ` (${PARTICIPANT_OUTCOME_LABELS[member.outcome]})`}`
      : `undone: ${formatPreviewSeat(member.seat)}; gets back ${member.returnsTo === null ? 'no seat' : formatPreviewSeat(member.returnsTo)}`;
  return member.keepsSecondChance ? `${undone}; keeps their second chance` : undone;
}

/** "Seniority data corrected since the start moves: Casey Ortiz #3 → #2, Ari Stone #2 → #3". */
function describeCorrections(corrections: RewindPreview['corrections']): string {
  const moves = corrections.map((move) => `${move.name} #${move.from} → #${move.to}`);
  return `Seniority data corrected since the start moves: ${moves.join(', ')}`;
}
