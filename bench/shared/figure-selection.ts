// BENCH_ONLY: which of a bench's figures to run. A run that selected nothing would print no budget line
// and pass on nothing, and a misspelt name would silently drop its figure, so both stop the run at start
// with the names the bench knows.

/** The figures `value` names (comma-separated), all of them when it is unset; throws otherwise. */
export function selectFigures<Name extends string>(
  variable: string,
  value: string | undefined,
  known: readonly Name[],
): ReadonlySet<Name> {
  if (value === undefined) return new Set(known);
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const hint = `(known: ${known.join(', ')}; unset runs them all)`;
  const unknown = names.filter((name) => !(known as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`${variable} names unknown figures: ${unknown.join(', ')} ${hint}`);
  if (names.length === 0) throw new Error(`${variable} selects no figure ${hint}`);
  return new Set(names as Name[]);
}
