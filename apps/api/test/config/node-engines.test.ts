// The Node the README promises ("Node 20.19+", the root package.json's `engines`) runs every package the
// lock installs: none asks for a newer one, so `npm ci` prints no EBADENGINE warning. When a dependency
// moves on to a newer Node, the root package.json's `overrides` hold the last release that supports it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
type Version = [number, number, number];

/** The lowest Node the README names. */
function promisedNode(): Version {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const match = /Node (\d+)\.(\d+)\+/.exec(readme);
  if (!match) throw new Error('the README names no Node version');
  return [Number(match[1]), Number(match[2]), 0];
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** A partial version ("20", "10.x", "v12.22.7") as its given parts; `*` and `x` end it. */
function partsOf(text: string): number[] {
  const parts: number[] = [];
  for (const part of text.replace(/^v/, '').split('.')) {
    if (!/^\d+$/.test(part)) break;
    parts.push(Number(part));
  }
  return parts;
}

const floor = (parts: number[]): Version => [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];

/** The lowest version above every version the partial one matches ("20" → 21.0.0, "20.19" → 20.20.0). */
function ceiling(parts: number[]): Version {
  const next = parts.slice(0, Math.max(parts.length, 1));
  next[next.length - 1] = (next[next.length - 1] ?? 0) + 1;
  return floor(next);
}

/** One comparator of npm's range syntax, as the engines fields of the lock write them. */
function satisfiesComparator(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(comparator);
  const operator = match?.[1] ?? '';
  const parts = partsOf(match?.[2] ?? '');
  if (parts.length === 0) return true;
  const low = floor(parts);
  switch (operator) {
    case '>=':
      return compare(version, low) >= 0;
    case '>':
      return compare(version, parts.length === 3 ? low : ceiling(parts)) >= (parts.length === 3 ? 1 : 0);
    case '<':
      return compare(version, low) < 0;
    case '<=':
      return parts.length === 3 ? compare(version, low) <= 0 : compare(version, ceiling(parts)) < 0;
    case '^':
      return compare(version, low) >= 0 && compare(version, ceiling(parts.slice(0, 1))) < 0;
    case '~':
      return compare(version, low) >= 0 && compare(version, ceiling(parts.slice(0, 2))) < 0;
    default:
      return compare(version, low) >= 0 && compare(version, ceiling(parts)) < 0;
  }
}

function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((set) => {
    const comparators = set
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.every((comparator) => satisfiesComparator(version, comparator));
  });
}

describe('the Node the README promises', () => {
  const node = promisedNode();

  it('reads ranges as npm does', () => {
    expect(node).toEqual([20, 19, 0]);
    expect(satisfies(node, '>=22')).toBe(false);
    expect(satisfies(node, '>=20.19')).toBe(true);
    expect(satisfies(node, '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies(node, '^20.20.0 || >=22.12.0')).toBe(false);
    expect(satisfies(node, '>=22.12.0 || >=20.19.0 <21.0.0')).toBe(true);
    expect(satisfies(node, '18 || 20 || >=22')).toBe(true);
    expect(satisfies(node, '>= 10.x')).toBe(true);
    expect(satisfies(node, '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies(node, '6.* || 8.* || >= 10.*')).toBe(true);
    expect(satisfies(node, '^10 || ^12 || >=14')).toBe(true);
    expect(satisfies(node, '^12.22.0 || ^14.17.0 || >=16.0.0')).toBe(true);
    expect(satisfies(node, '^18 || ^22')).toBe(false);
  });

  it("is the root package's engines", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(manifest.engines.node).toBe(`>=${node[0]}.${node[1]}`);
  });

  it('runs every package the lock installs', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      return range && !satisfies(node, range) ? [`${where}@${entry.version ?? ''} wants node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
