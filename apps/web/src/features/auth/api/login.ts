import { type AuthResponse, authResponseSchema, type LoginRequest } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { syncPushSubscription } from '../../../lib/push.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../hooks/use-auth.ts';

export function login(credentials: LoginRequest): Promise<AuthResponse> {
  // A wrong password is a 401 too; it must reach the form, not the token-refresh rules.
  return apiRequest('/auth/login', {
    method: 'POST',
    body: credentials,
    schema: authResponseSchema,
    withToken: false,
    recoverSession: false,
  });
}

/**
 * Signs in; on success keeps the session, says so and opens `returnTo` (a same-site path the
 * caller has checked: the page the member was sent to sign in from) or the dashboard.
 */
export function useLogin({ returnTo }: { returnTo?: string | null } = {}) {
  const { startSession } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      startSession(session);
      // This device's push subscription now belongs to the member who signed in (lib/push.ts).
      syncPushSubscription().catch((error: unknown) => console.warn('Push subscription not renewed', error));
      showSuccess('Login successful!');
      navigate(returnTo ?? paths.dashboard, { replace: true });
    },
  });
}
