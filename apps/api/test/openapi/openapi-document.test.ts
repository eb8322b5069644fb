// The portal's calls are a contract with existing clients (spec, design §6): paths, parameters and answers
// stay as they are. The whole OpenAPI document is pinned here, so a change to any call's path, schema or
// answer shows as a diff of `openapi.snapshot.json` in review; a deliberate change is recorded with
// `npx vitest run --project api:pglite apps/api/test/openapi/openapi-document.test.ts -u`.
import { describe, expect, it } from 'vitest';
import { system } from '@datafeeds/domain/calls';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { callTo } from '../helpers/factories.ts';

// The document does not depend on the database: once, on PGlite, is enough.
describe.skipIf(testDatabaseKind === 'postgres')('the OpenAPI document', () => {
  it('describes every call exactly as the pinned document does', async () => {
    // The test app serves the development mailbox too: the fullest document there is.
    const app = await buildTestApp();
    const response = await app.inject(callTo(system.openapiDocument));
    expect(response.statusCode).toBe(200);
    const document = `${JSON.stringify(response.json(), null, 2)}\n`;
    await expect(document).toMatchFileSnapshot('./openapi.snapshot.json');
  });
});
