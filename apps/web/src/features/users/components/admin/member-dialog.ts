import type { User } from '@stationbid/domain';
import type { InactiveUserConflict } from '../../api/admin-create-user.ts';

/** What an administrator can do from a member's row; all but reactivation open a dialog. */
export type MemberAction = 'details' | 'edit' | 'assign-station' | 'seniority' | 'password' | 'delete' | 'reactivate';

/** The one dialog of the member screens open at a time. */
export type MemberDialog =
  | { kind: 'create' }
  | { kind: Exclude<MemberAction, 'reactivate'>; user: User }
  | { kind: 'user-exists'; conflict: InactiveUserConflict };

export type OpenMemberAction = (action: MemberAction, user: User) => void;
