// Which credentials each verifier key verified at the portal, per hour (design §8 "Usage"), as one usage
// meter knows them: the marks still to be written with its next batch, and every mark it has seen (noted
// here or read back), which confirm most usage reports without a query. Keyed structurally (key → client
// → hours), like the counts.
import { USAGE_REPORT_VERIFIED_WITHIN_HOURS } from '@datafeeds/domain';

/** A verifier key verified a credential at the portal within the hour starting at `hourMs`. */
export interface VerificationMark {
  verifierKeyId: string;
  clientId: string;
  hourMs: number;
}

const HOUR_MS = 3_600_000;

type Marks = Map<string, Map<string, Set<number>>>;

export function createVerificationMarks(maxMarks: number) {
  let known: Marks = new Map();
  let knownSize = 0;
  let unwritten: VerificationMark[] = [];

  function has(verifierKeyId: string, clientId: string, hour: number): boolean {
    return known.get(verifierKeyId)?.get(clientId)?.has(hour) === true;
  }

  /** Remembers a mark; false when it was known already. Forgetting them all only costs a query. */
  function remember(verifierKeyId: string, clientId: string, hour: number): boolean {
    if (has(verifierKeyId, clientId, hour)) return false;
    if (knownSize >= maxMarks) {
      known = new Map();
      knownSize = 0;
    }
    let byClient = known.get(verifierKeyId);
    if (!byClient) known.set(verifierKeyId, (byClient = new Map()));
    let hours = byClient.get(clientId);
    if (!hours) byClient.set(clientId, (hours = new Set()));
    hours.add(hour);
    knownSize += 1;
    return true;
  }

  return {
    /** A verification by `verifierKeyId` at `atMs`: a few Map look-ups, a new mark once an hour. */
    note(verifierKeyId: string, clientId: string, atMs: number): void {
      const hour = Math.floor(atMs / HOUR_MS);
      if (remember(verifierKeyId, clientId, hour)) {
        unwritten.push({ verifierKeyId, clientId, hourMs: hour * HOUR_MS });
      }
    },

    /** Marks read back from the database. */
    learn(marks: readonly VerificationMark[]): void {
      for (const { verifierKeyId, clientId, hourMs } of marks) {
        remember(verifierKeyId, clientId, Math.floor(hourMs / HOUR_MS));
      }
    },

    /** True when the key verified the credential in the hour of `hourMs` or the allowed hours before. */
    covers(verifierKeyId: string, clientId: string, hourMs: number): boolean {
      const hour = Math.floor(hourMs / HOUR_MS);
      for (let back = 0; back <= USAGE_REPORT_VERIFIED_WITHIN_HOURS; back += 1) {
        if (has(verifierKeyId, clientId, hour - back)) return true;
      }
      return false;
    },

    /** The marks that would cover an entry of the hour of `hourMs`, to look up. */
    covering(verifierKeyId: string, clientId: string, hourMs: number): VerificationMark[] {
      const hour = Math.floor(hourMs / HOUR_MS);
      return Array.from({ length: USAGE_REPORT_VERIFIED_WITHIN_HOURS + 1 }, (_, back) => ({
        verifierKeyId,
        clientId,
        hourMs: (hour - back) * HOUR_MS,
      }));
    },

    /** The marks not written yet, handed over to a batch (`restore` them if it fails). */
    takeUnwritten(): VerificationMark[] {
      const taken = unwritten;
      unwritten = [];
      return taken;
    },

    /** Marks of a batch that failed, for the next one (at most `maxMarks` wait). */
    restore(marks: readonly VerificationMark[]): void {
      unwritten = [...marks, ...unwritten].slice(0, maxMarks);
    },
  };
}
export type VerificationMarks = ReturnType<typeof createVerificationMarks>;
