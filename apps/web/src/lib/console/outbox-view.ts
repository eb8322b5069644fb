// Which of the outbox's lists is shown lives in the URL (`?status=pending`), as the companies list's
// filters do: the overview links to the failing emails, and a reload shows the same list.
import { OUTBOX_VIEWS } from '@datafeeds/domain';
import { consolePaths } from '@/config/console-paths';

export type OutboxView = (typeof OUTBOX_VIEWS)[number];
export const DEFAULT_OUTBOX_VIEW: OutboxView = 'failed';

/** The view a URL asks for; anything else (absent, hand-edited) is the default. */
export function readOutboxView(params: URLSearchParams): OutboxView {
  const status = params.get('status');
  return OUTBOX_VIEWS.find((view) => view === status) ?? DEFAULT_OUTBOX_VIEW;
}

/** The outbox's address showing `view`. */
export function outboxPath(view: OutboxView): string {
  return view === DEFAULT_OUTBOX_VIEW ? consolePaths.outbox : `${consolePaths.outbox}?status=${view}`;
}
