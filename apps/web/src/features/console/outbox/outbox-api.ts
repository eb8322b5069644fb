// The email outbox's calls (design §11 "Screens"): who an email was for, its subject and what the
// mail server answered, never its body (links and secrets live there).
import { consoleTools } from '@datafeeds/domain/calls';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '../console-client';
import { consoleKeys } from '../console-queries';
import type { OutboxView } from './outbox-view';

export type { OutboxView } from './outbox-view';

export function useOutbox(status: OutboxView) {
  return useQuery({
    queryKey: consoleKeys.outbox(status),
    queryFn: () => consoleCall(consoleTools.listOutbox, { query: { status } }),
  });
}
