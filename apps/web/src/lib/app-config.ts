// Settings the server hands over at run time (the sidebar's external links), so one build serves every
// deployment. They do not change during a visit.
import { type AppConfig } from '@datafeeds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { system } from '@datafeeds/domain/calls';

const appConfigQueryKey = ['app-config'] as const;

async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return call(system.config, {}, { signal });
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
