// The console's reads about customers (design §11), each under a key below ['console'], so that sign-out
// forgets them all and an action refreshes every screen that shows what it changed.
import * as companies from '@datafeeds/domain/calls/console-companies';
import * as tools from '@datafeeds/domain/calls/console-tools';
import type { CallInput } from '@datafeeds/domain/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleCall } from './console-client';

/** Every console query's key; the tool screens' hooks live beside their screens (tools/). */
export const consoleKeys = {
  overview: ['console', 'overview'] as const,
  companies: (query: object) => ['console', 'companies', query] as const,
  company: (companyId: string) => ['console', 'company', companyId] as const,
  activity: (companyId: string, page: number, pageSize: number) =>
    ['console', 'company', companyId, 'activity', page, pageSize] as const,
  queues: ['console', 'queues'] as const,
  plans: ['console', 'plans'] as const,
  verifierKeys: ['console', 'verifier-keys'] as const,
  outbox: (status: string) => ['console', 'outbox', status] as const,
  staff: ['console', 'staff'] as const,
  trail: (query: object) => ['console', 'trail', query] as const,
};

export function useConsoleOverview() {
  return useQuery({
    queryKey: consoleKeys.overview,
    queryFn: () => consoleCall(companies.getConsoleOverview),
  });
}

export type CompaniesQuery = NonNullable<CallInput<typeof companies.searchCompanies>['query']>;

/** A page of the companies list; the page on screen stays while the next one loads. */
export function useCompaniesPage(query: CompaniesQuery) {
  return useQuery({
    queryKey: consoleKeys.companies(query),
    queryFn: () => consoleCall(companies.searchCompanies, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleCompany(companyId: string) {
  return useQuery({
    queryKey: consoleKeys.company(companyId),
    queryFn: () => consoleCall(companies.getConsoleCompany, { query: { companyId } }),
  });
}

export function useConsoleCompanyActivity(companyId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: consoleKeys.activity(companyId, page, pageSize),
    queryFn: () => consoleCall(companies.getConsoleCompanyActivity, { query: { companyId, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleQueues() {
  return useQuery({ queryKey: consoleKeys.queues, queryFn: () => consoleCall(companies.getConsoleQueues) });
}

export function usePlans() {
  return useQuery({ queryKey: consoleKeys.plans, queryFn: () => consoleCall(tools.listPlans) });
}
