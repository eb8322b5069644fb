// A page of the companies list, searched, filtered, sorted and paged by the server (design §11 "Screens").
import * as companies from '@datafeeds/domain/calls/console-companies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompaniesQuery } from '@/lib/console/companies-search';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';

/** The page on screen stays while the next one loads. */
export function useCompaniesPage(query: CompaniesQuery) {
  return useQuery({
    queryKey: consoleKey('companies', query),
    queryFn: () => consoleCall(companies.searchCompanies, { query }),
    placeholderData: keepPreviousData,
  });
}
