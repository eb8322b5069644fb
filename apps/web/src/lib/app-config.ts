// Settings the server hands over at run time (the sidebar's external links), so one build serves every
// deployment. They do not change during a visit.
import { API_PATHS, type AppConfig } from '@datafeeds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

const appConfigQueryKey = ['app-config'] as const;

function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiRequest<AppConfig>(API_PATHS.config, { signal });
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
