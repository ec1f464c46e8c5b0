import {
  type CreateMemberRequest,
  type CreateMemberResponse,
  createMemberResponseSchema,
  type User,
  userSchema,
} from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/toasts.ts';
import { useRefreshAfterMemberChange } from './user-queries.ts';

export function createUser(body: CreateMemberRequest): Promise<CreateMemberResponse> {
  return apiRequest('/admin/users', { method: 'POST', body, schema: createMemberResponseSchema });
}

/** A deactivated member who already holds the e-mail or employee ID, with the server's explanation. */
export interface InactiveUserConflict {
  existingUser: User;
  message: string;
}

/** Reads the 409 the server sends when the e-mail or employee ID belongs to a deactivated member. */
export function readInactiveUserConflict(error: unknown): InactiveUserConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body?.conflictType !== 'inactive_user') {
    return null;
  }
  const existingUser = userSchema.safeParse(error.body.existingUser);
  if (!existingUser.success) return null;
  return { existingUser: existingUser.data, message: error.message };
}

interface CreateUserCallbacks {
  onCreated: (response: CreateMemberResponse) => void;
  /** The account exists but is deactivated: the screen offers to reactivate it instead. */
  onInactiveConflict: (conflict: InactiveUserConflict) => void;
}

/** Creates a member; any other refusal (an active member's e-mail, say) shows the server's reason. */
export function useCreateUser({ onCreated, onInactiveConflict }: CreateUserCallbacks) {
  const refreshAfterMemberChange = useRefreshAfterMemberChange();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async (response) => {
      onCreated(response);
      await refreshAfterMemberChange();
    },
    onError: (error) => {
      const conflict = readInactiveUserConflict(error);
      if (conflict === null) showError(error, 'Failed to create user');
      else onInactiveConflict(conflict);
    },
  });
}
