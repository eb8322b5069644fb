// The email outbox's list (design §11 "Screens"): who an email was for, its subject and what the mail
// server answered, never its body (links and secrets live there).
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';
import type { OutboxView } from '@/lib/console/outbox-view';

export function useOutbox(status: OutboxView) {
  return useQuery({
    queryKey: consoleKey('outbox', status),
    queryFn: () => consoleCall(consoleTools.listOutbox, { query: { status } }),
  });
}
