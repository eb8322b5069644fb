// Customers generate clients from /api/openapi.json, so it must pass Redocly's `recommended` rules with
// no error and no warning: a missing operationId or a wrong schema becomes a wrong generated client.
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { system } from '@datafeeds/domain/calls';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { callTo } from '../helpers/factories.ts';

/** One line per problem, with the place in the document it points at, so a failure says what to fix. */
function describeProblem(problem: NormalizedProblem): string {
  const where = problem.location.map((location) => location.pointer ?? '(no pointer)').join(', ');
  return `${problem.severity} ${problem.ruleId}: ${problem.message} at ${where}`;
}

// The document does not depend on the database: once, on PGlite, is enough.
describe.skipIf(testDatabaseKind === 'postgres')('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without an error or a warning", async () => {
    // The test app serves the development mailbox too: the fullest document there is.
    const app = await buildTestApp();
    const response = await app.inject(callTo(system.openapiDocument));
    expect(response.statusCode).toBe(200);
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: system.openapiDocument.path,
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(problems.map(describeProblem)).toEqual([]);
  });
});
