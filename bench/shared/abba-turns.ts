// Two things measured in turns, ABBA order (A, B, B, A, A, B, …): the load on a shared machine drifts,
// and alternating who goes first spreads that drift over both instead of tilting their ratio.

export async function inAbbaTurns<A, B>(
  rounds: number,
  runA: () => Promise<A>,
  runB: () => Promise<B>,
): Promise<{ a: A[]; b: B[] }> {
  const a: A[] = [];
  const b: B[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      a.push(await runA());
      b.push(await runB());
    } else {
      b.push(await runB());
      a.push(await runA());
    }
  }
  return { a, b };
}
