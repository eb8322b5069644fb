// bench:verify's knobs, read once from the environment (README.md lists them with their defaults).
import { commonSettings, positive, whole } from '@datafeeds/bench-shared/settings';

export const settings = {
  ...commonSettings,
  /** Distinct real secrets cycled by the cache-miss run. */
  missSecrets: whole('BENCH_SECRETS', 2_000),
  /** Secrets kept warm for the warm-cache runs (HTTP and in-process). */
  warmSecrets: 300,
  /** Seconds of the in-process verify loop. */
  loopSeconds: positive('BENCH_LOOP_SECONDS', 5),
  rotations: whole('BENCH_ROTATIONS', 50),
  /** Requests figure 9 makes of one company's quota (ADMISSION_QUOTA a day): more, to run it out. */
  admissionRequests: whole('BENCH_ADMISSION_REQUESTS', 120_000),
};
