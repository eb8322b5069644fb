import type { ActivityFilter, ActivityPage } from '@datafeeds/domain';
import { activity } from '@datafeeds/domain/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export interface ActivityQuery extends ActivityFilter {
  page: number;
  pageSize: number;
}

const activityKeys = {
  all: ['activity'] as const,
  page: (query: ActivityQuery) => [...activityKeys.all, query] as const,
};

/** The filter as query parameters: only the parts that are set. */
export function filterParams(filter: ActivityFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.kind) params.kind = filter.kind;
  if (filter.from) params.from = filter.from;
  if (filter.to) params.to = filter.to;
  return params;
}

async function getActivity(query: ActivityQuery, signal?: AbortSignal): Promise<ActivityPage> {
  return call(
    activity.getActivity,
    { query: { ...filterParams(query), page: query.page, pageSize: query.pageSize } },
    { signal },
  );
}

/** One page of the company's events, newest first; the previous page stays shown while the next loads. */
export function useActivity(query: ActivityQuery) {
  return useQuery({
    queryKey: activityKeys.page(query),
    queryFn: ({ signal }) => getActivity(query, signal),
    placeholderData: keepPreviousData,
  });
}
