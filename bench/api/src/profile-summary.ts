// `npm run profile:summary -w @datafeeds/bench-api -- <file.cpuprofile | directory> [top]`: where a V8 CPU
// profile (node --cpu-prof, see BENCH_CPU_PROF_DIR) spends its time — self time by function and by
// file/package, the largest first. Given a directory, it reads the largest .cpuprofile under it (a
// child's main thread; tsx's loader thread writes a small one beside it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '@datafeeds/bench-shared/settings';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

function largestProfile(path: string): string {
  if (!statSync(path).isDirectory()) return path;
  const files: { file: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.cpuprofile')) files.push({ file: full, size: statSync(full).size });
    }
  };
  walk(path);
  const largest = files.sort((a, b) => b.size - a.size)[0];
  if (!largest) throw new Error(`no .cpuprofile under ${path}`);
  return largest.file;
}

/** node_modules/<package> (scoped too), a repository path, or node's own modules. */
function place(url: string): string {
  if (url === '') return '(native / V8)';
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const [first, second] = path.slice(modules + 'node_modules/'.length).split('/');
    return `npm:${first?.startsWith('@') ? `${first}/${second}` : first}`;
  }
  if (path.startsWith('node:')) return path;
  return path.startsWith('/') ? relative(repoRoot, path) : path;
}

const [target, topArgument] = process.argv.slice(2);
if (!target) throw new Error('usage: profile-summary <file.cpuprofile | directory> [top]');
const top = Number(topArgument ?? 30);
const file = largestProfile(target);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

// Self time per node: the time deltas of the samples that landed on it.
const selfMicros = new Map<number, number>();
const samples = profile.samples ?? [];
const deltas = profile.timeDeltas ?? [];
for (let index = 0; index < samples.length; index += 1) {
  const id = samples[index] as number;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + Math.max(0, deltas[index + 1] ?? deltas[index] ?? 0));
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
const idle = profile.nodes
  .filter((node) => ['(idle)', '(program)', '(garbage collector)'].includes(node.callFrame.functionName))
  .map((node) => ({ name: node.callFrame.functionName, micros: selfMicros.get(node.id) ?? 0 }));

const nameOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'}  ${place(url)}${url ? `:${lineNumber + 1}` : ''}`;
};
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (micros === 0) continue;
  const where = place(node.callFrame.url);
  const name = nameOf(node);
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
}

// Total time (self + callees) per function: each node's subtree, a function counted once per stack
// even when it recurses.
const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
    const node = nodesById.get(current);
    if (!node || node.callFrame.functionName === '(root)') break;
    const name = nameOf(node);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
}

const busy = total - idle.filter((entry) => entry.name === '(idle)').reduce((sum, e) => sum + e.micros, 0);
const pct = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
const ms = (micros: number) => `${(micros / 1000).toFixed(0).padStart(7)} ms`;
const print = (text: string) => process.stdout.write(`${text}\n`);
const list = (title: string, entries: Map<string, number>) => {
  print(`\n${title}`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    print(`${ms(micros)} ${pct(micros)}  ${name}`);
  }
};

print(
  `${relative(process.cwd(), file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy`,
);
print(idle.map((entry) => `${entry.name} ${(entry.micros / 1000).toFixed(0)} ms`).join(', '));
print('(percentages are of the busy time: everything but (idle))');
list('self time by file or package', byPlace);
list('self time by function', byFunction);
list('total time by function (self + what it calls)', inclusive);
