// GetQuota, which the banner of every signed-in screen asks for: the entry asks for it when the first
// address is one (lib/early-call.ts), and the quota query (./get-quota.ts) takes that answer. No data
// cache here: the entry imports this module.
import { account } from '@datafeeds/domain/calls';
import { call } from '@/lib/api-client';
import { earlyCall } from '@/lib/early-call';

export const earlyQuota = earlyCall((signal) => call(account.getQuota, {}, { signal }));
