// `npm run bench:verify`: how fast the data feed's verification is, measured by a command run on
// purpose, never by timed tests. The machine is shared and noisy, so each HTTP figure stands beside a
// baseline measured in the same run and its budget is a ratio. In one run, on a PostgreSQL database of
// its own (dropped at the end):
//   1. POST /api/v1/credentials/verify with a warm cache vs a bare Fastify 5 server (constant answer);
//   2. the same with every call a cache miss (one query each) vs bare node http + pg doing that query;
//   3. @datafeeds/verifier's in-process verify with a warm cache, per second on this one thread;
//   4. revocation: rotate on portal A, time until a verifier following portal B refuses the old secret;
//   5. warm-cache verify with usage metering on (as deployed) vs the same portal with it off;
//   6. GetClientUsage's query for one credential with 10 million verifications over 90 days;
//   7. warm-cache verify with plan limits enforced (as deployed) vs the same portal with them off;
//   8. figure 3's loop for credentials with plan limits (admitted from leased units) beside ones without;
//   9. admission accuracy: two verifiers through two portal instances run one company's quota out.
// Each figure is a row of figures.ts. Every budget line prints PASS or FAIL; any FAIL exits 1. README.md
// lists the knobs.
import os from 'node:os';
import { Budget } from '@datafeeds/bench-shared/budget';
import { runThenCleanUp } from '@datafeeds/bench-shared/cleanup';
import { int, print } from '@datafeeds/bench-shared/report';
import { measureFigures } from './figures.ts';
import { createFixtures } from './fixtures.ts';
import { settings } from './settings.ts';

const machine = () => `${os.availableParallelism()} cores, load average ${(os.loadavg()[0] ?? 0).toFixed(1)}`;

async function main() {
  print(
    `bench:verify: figures ${[...settings.only].join(', ')}; ${settings.connections} connections, ` +
      `${settings.warmupSeconds} s warm-up + ${settings.seconds} s per HTTP run, ${settings.rounds} rounds ` +
      `each (ABBA); ${int(settings.missSecrets)} distinct secrets; ${settings.rotations} rotations; ` +
      `machine: ${machine()}`,
  );
  print('Creating the database and its fixtures…');
  const fixtures = await createFixtures(
    settings.adminDatabaseUrl,
    settings.missSecrets,
    settings.warmSecrets,
  );
  const measured = await measureFigures(fixtures, settings.only);
  const outcomes = [...measured].sort(([a], [b]) => a - b).map(([, outcome]) => outcome);

  print(`\n== Results (machine at the end: ${machine()})`);
  print("   HTTP: req/s is the mean of the rounds, p99 the worst round's, a ratio the median of the turns'");
  for (const { lines } of outcomes) for (const line of lines) print(line);
  for (const { rounds } of outcomes) if (rounds) print(`   rounds, ${rounds}`);
  const cpu = outcomes.flatMap((outcome) => outcome.cpu ?? []);
  if (cpu.length > 0) {
    print(`   server CPU per answer (less sensitive to the machine's load than req/s): ${cpu.join('; ')}`);
  }
  const counters = outcomes.flatMap((outcome) => outcome.counters ?? []);
  if (counters.length > 0) print(`   portal counters over the measured runs: ${counters.join(', ')}`);

  const budget = new Budget();
  for (const { judge } of outcomes) judge(budget);
  budget.conclude('bench:verify');
}

await runThenCleanUp(main);
