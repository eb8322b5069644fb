import type { ActivityFilter } from '@datafeeds/domain';
import { activity } from '@datafeeds/domain/calls';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { filterParams } from './get-activity';

/** The export's file name: activity-YYYY-MM-DD.csv, today's UTC date. */
export function activityCsvFileName(now = new Date()): string {
  return `activity-${now.toISOString().slice(0, 10)}.csv`;
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; a later revoke leaves it time on slow machines.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches the CSV of the events matching the filter (with the session's bearer token) and saves it. */
async function exportActivity(filter: ActivityFilter): Promise<void> {
  const blob = await call(activity.exportActivity, { query: filterParams(filter) }, { timeoutMs: 60_000 });
  saveFile(blob, activityCsvFileName());
}

export function useExportActivity() {
  return useMutation({ mutationFn: exportActivity });
}
