// The companies list's state lives in the URL (design §11 "Screens"): the overview links to a filtered
// list, a reload or a shared link shows the same page. Each parameter is read with the API's own query
// schema; one that would be refused (hand-edited, stale) is ignored rather than breaking the list.
import {
  CONSOLE_PAGE_SIZE_DEFAULT,
  searchCompaniesQuerySchema,
  type CompanyAccountStatus,
  type ConsoleCompanySort,
} from '@datafeeds/domain';
import type { CallInput } from '@datafeeds/domain/calls';
import type * as companies from '@datafeeds/domain/calls/console-companies';
import type { z } from 'zod';
import { consolePaths } from '@/config/console-paths';

/** The searchCompanies call's query. */
export type CompaniesQuery = NonNullable<CallInput<typeof companies.searchCompanies>['query']>;

export interface CompaniesSearch {
  q?: string;
  status?: CompanyAccountStatus;
  plan?: string;
  trialEndingSoon?: boolean;
  upgradeRequested?: boolean;
  sort: ConsoleCompanySort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const DEFAULT_SORT: Pick<CompaniesSearch, 'sort' | 'order'> = { sort: 'createdAt', order: 'desc' };
const DEFAULTS: Pick<CompaniesSearch, 'sort' | 'order' | 'page' | 'pageSize'> = {
  ...DEFAULT_SORT,
  page: 0,
  pageSize: CONSOLE_PAGE_SIZE_DEFAULT,
};

const fields = searchCompaniesQuerySchema.shape;
type Key = keyof typeof fields;
const KEYS = Object.keys(fields) as Key[];

type Output = z.output<typeof searchCompaniesQuerySchema>;

function read<K extends Key>(params: URLSearchParams, key: K): Output[K] | undefined {
  const text = params.get(key);
  if (text === null || text === '') return undefined;
  const parsed = (fields[key] as z.ZodType).safeParse(text);
  return parsed.success ? (parsed.data as Output[K]) : undefined;
}

export function readCompaniesSearch(params: URLSearchParams): CompaniesSearch {
  const q = read(params, 'q');
  return {
    q: q === '' ? undefined : q,
    status: read(params, 'status'),
    plan: read(params, 'plan'),
    trialEndingSoon: read(params, 'trialEndingSoon') || undefined,
    upgradeRequested: read(params, 'upgradeRequested') || undefined,
    sort: read(params, 'sort') ?? DEFAULTS.sort,
    order: read(params, 'order') ?? DEFAULTS.order,
    page: read(params, 'page') ?? DEFAULTS.page,
    pageSize: read(params, 'pageSize') ?? DEFAULTS.pageSize,
  };
}

/** The URL's parameters for a search: only what differs from the defaults, so links stay short. */
export function writeCompaniesSearch(search: Partial<CompaniesSearch>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = search[key];
    if (value === undefined || value === '' || value === false) continue;
    if (key in DEFAULTS && value === DEFAULTS[key as keyof typeof DEFAULTS]) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The companies list's address for a search, e.g. the overview's `?status=trial`. */
export function companiesSearch(search: Partial<CompaniesSearch>): string {
  const query = writeCompaniesSearch(search).toString();
  return query === '' ? consolePaths.companies : `${consolePaths.companies}?${query}`;
}

/** The searchCompanies call's query: every field the list has, none left undefined. */
export function companiesQuery(search: CompaniesSearch): CompaniesQuery {
  const query: CompaniesQuery = {
    sort: search.sort,
    order: search.order,
    page: search.page,
    pageSize: search.pageSize,
  };
  if (search.q) query.q = search.q;
  if (search.status) query.status = search.status;
  if (search.plan) query.plan = search.plan;
  if (search.trialEndingSoon) query.trialEndingSoon = 'true';
  if (search.upgradeRequested) query.upgradeRequested = 'true';
  return query;
}
