#!/usr/bin/env node
// The structure check (design §1 "Rooms and arrows"), part of `npm run lint`: reads every import of the
// API's and the web app's sources (tests left out), groups files into rooms (a module folder, or a file
// that stands alone), stacks the rooms in floors so that as few imports as possible climb back up, and
// fails when two rooms import each other, any import climbs, or code outside one of the API's modules
// imports more of it than its face (plugins/app/<module>/index.ts), naming each. `--list` (`npm run
// structure`) also prints every room's arrows.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** Where each app's rooms are: a file under one of `modules` belongs to the module folder it is in. */
const apps = [
  {
    name: 'api',
    src: 'apps/api/src',
    modules: ['plugins/app', 'plugins', 'routes', ''],
    /** Folders whose modules show a face (index.ts): code outside a module imports nothing else of it. */
    faces: 'plugins/app',
  },
  { name: 'web', src: 'apps/web/src', modules: ['features', 'components', 'lib', 'app', ''] },
];

/** One line of the report. */
const say = (line) => process.stdout.write(`${line}\n`);
// A reader that stops early (`npm run structure | head`) is no failure of the structure.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const isTest = (file) => /\.(test|spec)\.tsx?$|\/(testing|test-support)\//.test(file);

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTest(path) ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]((?:\.{1,2}|@)\/[^'"]+)['"]/g;

/** The file an import names: `@/` is the app's src (the web's alias); extensions may be left out. */
function resolveImport(app, file, specifier) {
  const path = specifier.startsWith('@/')
    ? join(root, app.src, specifier.slice(2))
    : resolve(dirname(file), specifier);
  const candidates = [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts'), join(path, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? path;
}

function importsOf(app, file) {
  const text = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
  return [...text.matchAll(IMPORT)].map((match) => resolveImport(app, file, match[1]));
}

/** A file's room: the first folder below the deepest `modules` prefix that holds it, else the file. */
function roomOf(app, file) {
  const path = relative(join(root, app.src), file);
  for (const prefix of app.modules) {
    const base = prefix === '' ? '' : `${prefix}/`;
    if (!path.startsWith(base)) continue;
    const [first, ...rest] = path.slice(base.length).split('/');
    if (rest.length === 0) return `${base}${first}`.replace(/\.tsx?$/, '');
    return `${base}${first}/`;
  }
  return path;
}

/**
 * An order of the rooms, ground floor first, that few imports climb against: the greedy heuristic of
 * Eades, Lin and Smyth for a small feedback arc set, weighted by how many imports each arrow carries.
 */
function floors(rooms, weight) {
  const remaining = new Set(rooms);
  const outOf = (room) =>
    [...remaining].reduce((sum, other) => sum + (weight.get(`${room}>${other}`) ?? 0), 0);
  const into = (room) =>
    [...remaining].reduce((sum, other) => sum + (weight.get(`${other}>${room}`) ?? 0), 0);
  const bottom = [];
  const top = [];
  while (remaining.size > 0) {
    let moved = true;
    while (moved) {
      moved = false;
      for (const room of [...remaining].sort()) {
        if (outOf(room) === 0) {
          bottom.push(room);
          remaining.delete(room);
          moved = true;
        } else if (into(room) === 0) {
          top.unshift(room);
          remaining.delete(room);
          moved = true;
        }
      }
    }
    if (remaining.size === 0) break;
    const [best] = [...remaining].sort(
      (a, b) => outOf(b) - into(b) - (outOf(a) - into(a)) || a.localeCompare(b),
    );
    top.unshift(best);
    remaining.delete(best);
  }
  return new Map([...bottom, ...top].map((room, floor) => [room, floor]));
}

let failed = false;
for (const app of apps) {
  const files = sourceFiles(join(root, app.src));
  const arrows = new Map();
  const ties = [];
  for (const file of files) {
    const from = roomOf(app, file);
    if (!arrows.has(from)) arrows.set(from, new Set());
    for (const target of importsOf(app, file)) {
      const to = roomOf(app, target);
      if (to === from) continue;
      arrows.get(from).add(to);
      ties.push({ from, to, file: relative(root, file), target: relative(root, target) });
    }
  }
  const weight = new Map();
  for (const tie of ties) weight.set(`${tie.from}>${tie.to}`, (weight.get(`${tie.from}>${tie.to}`) ?? 0) + 1);
  const floor = floors([...arrows.keys()], weight);
  const climbing = ties.filter((tie) => floor.get(tie.to) > floor.get(tie.from));
  const mutual = [...weight.keys()]
    .map((key) => key.split('>'))
    .filter(([from, to]) => from < to && weight.has(`${to}>${from}`));
  say(
    `${app.name}: ${arrows.size} rooms, ${ties.length} imports between rooms, ` +
      `${mutual.length} pair(s) of rooms importing each other, ${climbing.length} import(s) climbing back up`,
  );
  if (process.argv.includes('--list')) {
    for (const [room, targets] of [...arrows].sort()) say(`  ${room} -> ${[...targets].sort().join(', ')}`);
  }
  for (const [a, b] of mutual) say(`  each other: ${a} <-> ${b}`);
  for (const tie of climbing) say(`  climbs: ${tie.file} -> ${tie.target}`);
  const facePrefix = app.faces && `${app.src}/${app.faces}/`;
  const deep = facePrefix
    ? ties.filter(
        (tie) =>
          tie.target.startsWith(facePrefix) &&
          tie.target.slice(facePrefix.length).includes('/') &&
          !tie.target.endsWith('/index.ts'),
      )
    : [];
  if (facePrefix) say(`  ${deep.length} import(s) past a module's face (${app.faces}/<module>/index.ts)`);
  for (const tie of deep) say(`  past the face: ${tie.file} -> ${tie.target}`);
  if (mutual.length > 0 || climbing.length > 0 || deep.length > 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
