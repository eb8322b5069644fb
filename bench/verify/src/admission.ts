// Figure 9: how exactly plan limits hold across nodes (design §10, docs/design.md "Allowance leases").
// Two verifiers — one following portal instance A, one instance B, both on the same PostgreSQL + Redis —
// verify the two tokens of one company whose plan allows ADMISSION_QUOTA a day, as fast as they can, in
// two loops on this thread, until `requests` have been made (more than the quota). Each admits from units
// leased through its own instance; the portal instances admit their own answers (each token's first
// call at each) from leases of their own. Counted: every VALID (admitted) and QUOTA_EXCEEDED (refused)
// answer, and — at the first refusal — how many had been admitted, so what was still granted but unspent
// somewhere then is the quota minus that: refusing early by at most the stated bound, never admitting more.
import { PortalUnavailableError, type Verifier } from '@datafeeds/verifier';
import { startBenchVerifier } from './bench-verifier.ts';

const OPTIONS = { scope: 'nflLive', apiType: 'rest' } as const;

export interface AdmissionResult {
  requests: number;
  admitted: number;
  refused: number;
  /** Answers neither VALID nor QUOTA_EXCEEDED, by code, and PortalUnavailableError as `unavailable`. */
  others: Record<string, number>;
  elapsedMs: number;
  /** At the first refusal: admitted so far, and day units the two verifiers held unspent. */
  firstRefusal: { admittedBefore: number; heldByVerifiers: number; atRequest: number } | null;
  /** Day units the two verifiers held at the end. */
  heldAtEnd: number;
  leaseCalls: number;
}

const following = (portalUrl: string, verifierKey: string): Promise<Verifier> =>
  startBenchVerifier(`the admission verifier on ${portalUrl}`, portalUrl, verifierKey, 1_000);

export async function measureAdmission(
  portalUrls: [string, string],
  verifierKey: string,
  secrets: readonly string[],
  requests: number,
): Promise<AdmissionResult> {
  const verifiers = [
    await following(portalUrls[0], verifierKey),
    await following(portalUrls[1], verifierKey),
  ];
  const held = () => verifiers.reduce((sum, verifier) => sum + verifier.stats.heldDayUnits, 0);
  const result: AdmissionResult = {
    requests: 0,
    admitted: 0,
    refused: 0,
    others: {},
    elapsedMs: 0,
    firstRefusal: null,
    heldAtEnd: 0,
    leaseCalls: 0,
  };
  const other = (code: string) => (result.others[code] = (result.others[code] ?? 0) + 1);

  async function drive(verifier: Verifier) {
    while (result.requests < requests) {
      const secret = secrets[result.requests % secrets.length] as string;
      result.requests += 1;
      try {
        const answer = await verifier.verify(secret, OPTIONS);
        if (answer.code === 'VALID') result.admitted += 1;
        else if (answer.code === 'QUOTA_EXCEEDED') {
          result.refused += 1;
          result.firstRefusal ??= {
            admittedBefore: result.admitted,
            heldByVerifiers: held(),
            atRequest: result.requests,
          };
        } else other(answer.code);
      } catch (error) {
        if (!(error instanceof PortalUnavailableError)) throw error;
        other('unavailable');
      }
    }
  }

  const started = performance.now();
  await Promise.all(verifiers.map(drive));
  result.elapsedMs = performance.now() - started;
  result.heldAtEnd = held();
  result.leaseCalls = verifiers.reduce((sum, verifier) => sum + verifier.stats.leaseCalls, 0);
  await Promise.all(verifiers.map((verifier) => verifier.close()));
  return result;
}
