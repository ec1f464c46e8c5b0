/** The results of one session over the whole screen, opened from Bid History's View Results. */
import { Modal } from '@mantine/core';
import { SessionResultsView } from './session-results-view.tsx';

interface SessionResultsDialogProps {
  /** The session to show; null keeps the dialog closed. */
  session: { id: string; name: string } | null;
  onClose: () => void;
}

export function SessionResultsDialog({ session, onClose }: SessionResultsDialogProps) {
  return (
    <Modal
      opened={session !== null}
      onClose={onClose}
      fullScreen
      title={session === null ? 'Session results' : `Results of ${session.name}`}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {session !== null && <SessionResultsView sessionId={session.id} onBack={onClose} />}
    </Modal>
  );
}
