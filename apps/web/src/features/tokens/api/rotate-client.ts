import type { RotateClientRequest, RotatedClient } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';

/**
 * Replaces the token with a new one of the same permissions; the answer holds its only copy of the
 * secret, and until when the old one works. `gracePeriod` says when the old secret stops working (at
 * once unless chosen otherwise).
 */
function rotateClient(body: RotateClientRequest): Promise<RotatedClient> {
  return call(tokens.rotateClient, { body: body });
}

/** The list is not reloaded here: the rotate dialog does it when it closes (spec §4). */
export function useRotateClient() {
  return useMutation({
    mutationFn: rotateClient,
    // The answer holds the secret: drop it from the mutation cache as soon as no dialog shows it.
    gcTime: 0,
    onSuccess: () => track(EVENTS.completedTokenRotation),
  });
}
