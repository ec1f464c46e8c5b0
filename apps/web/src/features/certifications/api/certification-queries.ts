/**
 * The certification catalogue's queries: its cache key, the factory every screen reads it through
 * (the catalogue page, the station form's requirement lists), and what a change refreshes.
 */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getCertifications } from './get-certifications.ts';

export const certificationQueryKeys = {
  all: ['certifications'] as const,
  list: () => ['certifications', 'list'] as const,
};

export const certificationQueries = {
  list: () =>
    queryOptions({
      queryKey: certificationQueryKeys.list(),
      queryFn: ({ signal }) => getCertifications(signal),
    }),
};

export function useCertificationsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...certificationQueries.list(), enabled });
}

/** After a certification is added, renamed or deleted: the catalogue (codes, names, holders). */
export function invalidateCertifications(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: certificationQueryKeys.all });
}
