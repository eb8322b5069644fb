// npm run feed:demo — the demo data feed on PORT (default 8090), checking RSC tokens with the portal at
// PORTAL_URL (default http://127.0.0.1:8080) using VERIFIER_KEY.
import { createVerifier, InvalidVerifierOptionsError, VerifierKeyRejectedError } from '@datafeeds/verifier';
import { buildFeed } from './app.ts';
import { MISSING_VERIFIER_KEY, readConfig } from './config.ts';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

const settings = readConfig(process.env);
const config = 'problem' in settings ? fail(settings.problem) : settings;

function startVerifier(onError: (error: Error) => void) {
  try {
    return createVerifier({ portalUrl: config.portalUrl, verifierKey: config.verifierKey, onError });
  } catch (error) {
    if (!(error instanceof InvalidVerifierOptionsError)) throw error;
    if (error.option === 'verifierKey')
      fail(MISSING_VERIFIER_KEY.replace('is required', 'is not a well-formed key'));
    fail(`PORTAL_URL: ${error.message}`);
  }
}

const verifier = startVerifier((error) => feed.log.warn(error.message));
const feed = buildFeed({ verifier, logger: { level: 'info' } });

async function stop(signal: string) {
  feed.log.info(`${signal}: stopping`);
  await feed.close();
  await verifier.close();
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await feed.listen({ port: config.port, host: config.host });
verifier.ready().then(
  () => feed.log.info(`following revocations from the portal at ${config.portalUrl}`),
  (error: unknown) => {
    if (error instanceof VerifierKeyRejectedError) fail(error.message);
  },
);
