import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { unsubscribeFromPush } from '../../../lib/push.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { getRefreshToken } from '../../../lib/token-storage.ts';
import { useAuth } from '../hooks/use-auth.ts';

/** Revokes the refresh token on the server. */
export async function logout(refreshToken: string): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST', body: { refreshToken }, recoverSession: false });
}

/**
 * Signs out: tells the server, then clears the session here whatever the server said, so a member
 * can always leave a shared station computer signed out.
 */
export function useLogout() {
  const { endSession } = useAuth();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      // While the token still works: a shared station computer must not keep getting this
      // member's pushes. A failure here never keeps anyone signed in.
      await unsubscribeFromPush().catch((error: unknown) => console.warn('Push subscription not removed', error));
      const refreshToken = getRefreshToken();
      if (refreshToken !== null) await logout(refreshToken);
    },
    onError: (error) => console.error('The server could not revoke the session', error),
    onSettled: () => {
      endSession();
      showSuccess('Logged out successfully');
      navigate(paths.login, { replace: true });
    },
  });
  return { logout: () => mutation.mutate(), isLoggingOut: mutation.isPending };
}
