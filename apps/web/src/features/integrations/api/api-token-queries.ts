/** The API token list's query: its cache key, the factory the Integrations page reads it through, and its refresh. */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getApiTokens } from './get-api-tokens.ts';

export const apiTokenQueryKeys = {
  all: ['api-tokens'] as const,
  list: () => ['api-tokens', 'list'] as const,
};

export const apiTokenQueries = {
  list: () =>
    queryOptions({
      queryKey: apiTokenQueryKeys.list(),
      queryFn: ({ signal }) => getApiTokens(signal),
    }),
};

export function useApiTokensQuery() {
  return useQuery(apiTokenQueries.list());
}

/** After a token is created or revoked: the list (status, last use). */
export function invalidateApiTokens(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: apiTokenQueryKeys.all });
}
