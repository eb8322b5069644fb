// Every variable is documented once, next to its field; docs/configuration.md's table must say the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIGURATION_TABLE_END,
  CONFIGURATION_TABLE_START,
  configurationRows,
} from '../../src/config/configuration-table.ts';
import { envFields } from '../../src/config/env.ts';

/** The documented table's rows, whatever padding prettier gave its columns. */
function readmeRows() {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/configuration.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf(CONFIGURATION_TABLE_START),
    readme.indexOf(CONFIGURATION_TABLE_END),
  );
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [variable = '', shown = '', ...meaning] = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      return { variable: variable.replaceAll('`', ''), shown, description: meaning.join('|').trim() };
    });
}

describe('the configuration table', () => {
  it('in docs/configuration.md is the one generated from the env schema (run `npm run docs:config -w @datafeeds/api`)', () => {
    expect(readmeRows()).toEqual(configurationRows());
  });

  it('documents every variable the server reads', () => {
    const documented = configurationRows().map((row) => row.variable);
    // INIT_CWD is set by npm itself, never by an operator.
    expect(documented).toEqual(Object.keys(envFields.shape).filter((name) => name !== 'INIT_CWD'));
  });
});
