// A company's activity in the console, a page at a time (design §11 "Screens"); the page on screen
// stays while the next one loads.
import * as companies from '@datafeeds/domain/calls/console-companies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';

export function useConsoleCompanyActivity(companyId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: consoleKey('company', companyId, 'activity', page, pageSize),
    queryFn: () => consoleCall(companies.getConsoleCompanyActivity, { query: { companyId, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
