// A company's console page: account, plan, usage, members and tokens (design §11 "Screens").
import * as companies from '@datafeeds/domain/calls/console-companies';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';

export function useConsoleCompany(companyId: string) {
  return useQuery({
    queryKey: consoleKey('company', companyId),
    queryFn: () => consoleCall(companies.getConsoleCompany, { query: { companyId } }),
  });
}
