// `npm run docs:config`: writes the configuration table into docs/configuration.md between its two markers, from
// the env schema's field descriptions, then formats it the way the repository does (prettier).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONFIGURATION_TABLE_END,
  CONFIGURATION_TABLE_START,
  configurationTable,
} from '../src/config/configuration-table.ts';

const readmePath = path.resolve(import.meta.dirname, '../../../docs/configuration.md');
const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(CONFIGURATION_TABLE_START);
const end = readme.indexOf(CONFIGURATION_TABLE_END);
if (start < 0 || end < start)
  throw new Error(`docs/configuration.md has no ${CONFIGURATION_TABLE_START} … end markers`);
writeFileSync(
  readmePath,
  `${readme.slice(0, start + CONFIGURATION_TABLE_START.length)}\n\n${configurationTable()}\n\n${readme.slice(end)}`,
);
execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', readmePath], { stdio: 'inherit' });
process.stdout.write('docs/configuration.md: configuration table written\n');
