import { QUERY_CACHE_GC_MS } from '@datafeeds/domain';
import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './api-errors';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network trouble and 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: QUERY_CACHE_GC_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
