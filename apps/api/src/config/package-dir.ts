// The API package's folder (apps/api), found by walking up to its package.json. Files beside the code —
// the migrations, the default web build — are found from here, whether the code runs as TypeScript
// from src/ or compiled into dist/ (where a fixed number of `..` would point elsewhere).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageDir(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const API_PACKAGE_DIR = findPackageDir(path.dirname(fileURLToPath(import.meta.url)));
