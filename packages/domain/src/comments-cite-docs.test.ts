// The repository explains itself (design §7): a comment or document cites the `docs/` section that holds
// a decision ("design §9"), never an issue number, since the issues are not in the repository. Every
// tracked file is read, source and documentation alike.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const ISSUE_NUMBER = /\bissues? ?(?:#|no\.? ?)?\d+/i;
const NOT_TEXT = /(?:^|\/)package-lock\.json$|\.(?:png|jpe?g|gif|ico|webp|woff2?|wasm)$/;

function trackedTextFiles(): string[] {
  const listing = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listing.split('\0').filter((file) => file !== '' && !NOT_TEXT.test(file));
}

describe('comments and documents', () => {
  it('cite docs/ sections, never an issue number', () => {
    const citations: string[] = [];
    for (const file of trackedTextFiles()) {
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (ISSUE_NUMBER.test(line)) citations.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(citations).toEqual([]);
  });
});
