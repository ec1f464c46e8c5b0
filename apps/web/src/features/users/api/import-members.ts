import { type MemberImportResponse, memberImportResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { adminUsersQueryKey } from './admin-list-users.ts';
import { seniorityQueryKey } from './get-seniority.ts';

/** Uploads a member spreadsheet (multipart field `file`); the answer counts rows, refusals and e-mails. */
export function importMembers(file: File): Promise<MemberImportResponse> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/admin/import-users', { method: 'POST', body, schema: memberImportResponseSchema });
}

/**
 * The member import for the Import Users tab. On success it shows the server's summary ("Import
 * completed! N users created, M skipped. Emails sent: ...", honest about queued e-mails) and
 * refreshes the member list and the administrator's own queue place, which new members can move.
 */
export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMembers,
    onSuccess: ({ message }) => {
      showSuccess(message);
      // Not awaited: the results card should not wait for the member list to load again.
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      void queryClient.invalidateQueries({ queryKey: seniorityQueryKey });
    },
  });
}
