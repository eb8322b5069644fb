// The email outbox's calls (design §11 "Screens"): who an email was for, its subject and what the
// mail server answered, never its body (links and secrets live there).
import type { OUTBOX_VIEWS } from '@datafeeds/domain';
import { consoleTools } from '@datafeeds/domain/calls';
import { useQuery } from '@tanstack/react-query';
import { consoleCall, toolKeys } from '../tool-client';

export type OutboxView = (typeof OUTBOX_VIEWS)[number];

export function useOutbox(status: OutboxView) {
  return useQuery({
    queryKey: toolKeys.outbox(status),
    queryFn: () => consoleCall(consoleTools.listOutbox, { query: { status } }),
  });
}

export const retryEmail = (id: string) => consoleCall(consoleTools.retryEmail, { body: { id } });
