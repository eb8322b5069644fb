// A client generated from /api/openapi.json must type the calls as the API takes and answers them:
// openapi-typescript writes the types, openapi-fetch calls through them, and the TypeScript compiler
// accepts a correct client and refuses each mistake a wrong document would let through.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { system } from '@datafeeds/domain/calls';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { callTo } from '../helpers/factories.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

/** Calls a customer's code makes: sign up, request a token, list the tokens. */
const CORRECT_CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

type IsAny<T> = 0 extends 1 & T ? true : false;
const client = createClient<paths>({ baseUrl: 'https://portal.example' });

export async function requestFirstToken(): Promise<string> {
  const registered = await client.POST('/api/register', {
    body: {
      firstName: 'Ada', lastName: 'Lovelace', companyName: 'Engines Ltd', email: 'ada@engines.test',
      username: 'ada', password: 'correct horse battery staple',
      userHasAgreedToTermsOfService: true, userHasReadPrivacyPolicy: true,
    },
  });
  if (!registered.data) throw new Error(registered.error.message);
  const headers = { authorization: \`Bearer \${registered.data.token}\` };

  const created = await client.POST('/api/CreateClient', {
    headers,
    body: { label: 'Scores', apiType: 'rest', liveGame: true, preGame: false, postGame: false, sports: ['nfl', 'mlb'] },
  });
  if (!created.data) throw new Error(created.error.details?.[0]?.field ?? created.error.message);
  const clientSecret: string = created.data.clientSecret;

  const listed = await client.GET('/api/GetClients', { headers, params: { query: { clientIds: created.data.clientId } } });
  const first = listed.data?.clients[0];
  if (!first) throw new Error('no token');
  const nflLive: boolean = first.scope.nflLive;
  const scopeIsTyped: IsAny<typeof first.scope> = false;
  const status: 'active' | 'pending' | 'review' | 'expired' | 'inactive' = first.status;
  const expiredAt: string | null = first.expiredAt;
  return [clientSecret, nflLive, scopeIsTyped, status, expiredAt].join();
}
`;

/** Each line marked `// mistake` must fail to type-check, and nothing else may. */
const MISTAKES = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://portal.example' });
type TokenRequest = paths['/api/CreateClient']['post']['requestBody']['content']['application/json'];
const body: TokenRequest = { label: 'Scores', apiType: 'rest', liveGame: true, preGame: false, postGame: false, sports: ['nfl'] };

export async function mistakes() {
  await client.POST('/api/CreateClient', { body: { lable: 'Scores', apiType: 'rest', liveGame: true, preGame: false, postGame: false, sports: [] } }); // mistake: misspelled field
  await client.POST('/api/CreateClient', { body: { ...body, liveGame: 'yes' } }); // mistake: wrong type
  await client.POST('/api/CreateClient', { body: { ...body, sports: ['cricket'] } }); // mistake: unknown sport
  await client.GET('/api/GetClients', { params: { query: { clientId: 'x' } } }); // mistake: unknown parameter
  const created = await client.POST('/api/CreateClient', { body });
  return [
    created.data?.secret, // mistake: not in the answer
    (await client.GET('/api/GetClients')).data?.clients[0]?.scope.cricket, // mistake: no such scope
  ];
}
`;

const require = createRequire(import.meta.url);

/** Zero-based, as MISTAKES.split('\n') counts; -1 for a diagnostic about no file (the options). */
function lineOf(diagnostic: ts.Diagnostic): number {
  if (!diagnostic.file || diagnostic.start === undefined) return -1;
  return diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line;
}

function describeDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const file = diagnostic.file ? path.basename(diagnostic.file.fileName) : '(options)';
  return `${file}:${lineOf(diagnostic) + 1}: ${message}`;
}

function typeCheck(files: string[]): readonly ts.Diagnostic[] {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    // The files are in a temporary directory, away from the repository's node_modules.
    paths: { 'openapi-fetch': [path.dirname(require.resolve('openapi-fetch/package.json'))] },
  });
  return ts.getPreEmitDiagnostics(program);
}

// The document does not depend on the database: once, on PGlite, is enough.
describe.skipIf(testDatabaseKind === 'postgres')('a client generated from the OpenAPI document', () => {
  it('types the calls as the API takes and answers them, and refuses what it does not', async () => {
    const app = await buildTestApp();
    const document = (await app.inject(callTo(system.openapiDocument))).json();
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-openapi-client-'));
    onTestFinished(() => rmSync(workDir, { recursive: true, force: true }));
    writeFileSync(path.join(workDir, 'api.ts'), astToString(await openapiTS(document, { silent: true })));
    const correct = path.join(workDir, 'correct-client.ts');
    const wrong = path.join(workDir, 'mistakes.ts');
    writeFileSync(correct, CORRECT_CLIENT);
    writeFileSync(wrong, MISTAKES);

    const diagnostics = typeCheck([correct, wrong]);

    const lines = MISTAKES.split('\n');
    const marked = new Set(lines.flatMap((line, index) => (line.includes('// mistake') ? [index] : [])));
    const expected = diagnostics.filter(
      (diagnostic) => diagnostic.file?.fileName === wrong && marked.has(lineOf(diagnostic)),
    );
    const unexpected = diagnostics.filter((diagnostic) => !expected.includes(diagnostic));
    expect(unexpected.map(describeDiagnostic)).toEqual([]);
    const refused = new Set(expected.map(lineOf));
    const letThrough = [...marked].filter((line) => !refused.has(line)).map((line) => lines[line]?.trim());
    expect(letThrough, 'mistakes the generated types let through').toEqual([]);
  });
});
