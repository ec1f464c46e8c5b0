import { AssignStationModal } from './assign-station-modal.tsx';
import { CreateUserModal } from './create-user-modal.tsx';
import { DeleteUserModal } from './delete-user-modal.tsx';
import { EditSeniorityModal } from './edit-seniority-modal.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import type { MemberDialog } from './member-dialog.ts';
import { UpdatePasswordModal } from './update-password-modal.tsx';
import { UserDetailsModal } from './user-details-modal.tsx';
import { UserExistsModal } from './user-exists-modal.tsx';

interface MemberDialogsProps {
  dialog: MemberDialog | null;
  signedInUserId: string;
  onOpen: (dialog: MemberDialog) => void;
  onClose: () => void;
}

/** Mounts the open dialog only, so each form starts from the member as they are now. */
export function MemberDialogs({ dialog, signedInUserId, onOpen, onClose }: MemberDialogsProps) {
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'create':
      return (
        <CreateUserModal
          onClose={onClose}
          onInactiveConflict={(conflict) => onOpen({ kind: 'user-exists', conflict })}
          onSetPassword={(user) => onOpen({ kind: 'password', user })}
        />
      );
    case 'user-exists':
      return <UserExistsModal conflict={dialog.conflict} onClose={onClose} />;
    case 'details':
      return <UserDetailsModal user={dialog.user} onClose={onClose} />;
    case 'edit':
      return <EditUserModal user={dialog.user} isSignedInUser={dialog.user.id === signedInUserId} onClose={onClose} />;
    case 'assign-station':
      return <AssignStationModal user={dialog.user} onClose={onClose} />;
    case 'seniority':
      return <EditSeniorityModal user={dialog.user} onClose={onClose} />;
    case 'password':
      return <UpdatePasswordModal user={dialog.user} onClose={onClose} />;
    case 'delete':
      return <DeleteUserModal user={dialog.user} onClose={onClose} />;
  }
}
