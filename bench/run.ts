import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { runBaseline } from './baseline.js';
import { runDurableBaseline } from './baseline-durable.js';
import { chartSvg } from './chart.js';
import { db, receiver, tenant } from './context.js';
import { backlogRss, fanout, type FanoutResult } from './scenario-fanout.js';
import { freshnessCost } from './scenario-freshness.js';
import { filterCost } from './scenario-filters.js';
import { orderedCost } from './scenario-ordered.js';
import { hangingEndpoints } from './scenario-hang.js';
import { settings } from './settings.js';
import { representative, type Round } from './rounds.js';
import { formatTable, rowsOf, type Results } from './table.js';
import { AppConfig } from '../src/platform/config/app-config.js';
import { runMigrations } from '../src/platform/database/data-source.js';

/**
 * npm run bench [-- --quick]: the real stack (Kafka, Postgres, the built service as a child
 * process) into an HTTPS receiver in its own process, against a raw undici baseline measured in the
 * same run. Scenarios: fan-out to S subscriptions (burst and fixed rate), hanging endpoints beside
 * healthy ones, the ingest freshness wait on and off, and optionally a backlog drain (peak RSS).
 * Settings are in bench/settings.ts and docs/benchmark.md; it ends with one table of ratios to raw.
 */
async function main(): Promise<void> {
  // The key ring too: a migration seals what the database holds (secrets at rest).
  await runMigrations(AppConfig.fromEnv({ ...process.env, DATABASE_URL: settings.databaseUrl }));
  await receiver.start();
  const { deliveries, rawConcurrency } = settings;
  await runBaseline(receiver.url('/warm-up'), receiver.caFile, Math.min(2000, deliveries), rawConcurrency);
  const rounds: Round[] = [];
  for (let round = 1; round <= settings.rounds; round++) rounds.push(await runRound(round));
  const hang = settings.hang.subscriptions > 0 ? await hangingEndpoints() : null;
  const freshness = settings.freshness.events > 0 ? await freshnessCost() : null;
  const filters = settings.filters.events > 0 ? await filterCost() : null;
  const ordered = settings.ordered.events > 0 ? await orderedCost() : null;
  const backlog = settings.backlog > 0 ? await backlogRss(settings.backlog) : null;

  const results: Results = {
    ...representative(rounds),
    rounds,
    latencyRate: settings.latencyRate,
    latencySeconds: settings.latencySeconds,
    hang,
    freshness,
    filters,
    ordered,
    backlog,
  };
  const at = new Date().toISOString();
  mkdirSync(settings.results, { recursive: true });
  const stamp = at.replaceAll(':', '-').slice(0, 19);
  const machine = { cpus: cpus().length, model: cpus()[0]?.model, node: process.version };
  writeFileSync(
    join(settings.results, `bench-${stamp}.json`),
    JSON.stringify({ at, machine, settings, ...results }, null, 2),
  );
  const chartRows = rowsOf(results)
    .filter((r) => r.latencyMs)
    .map((r) => ({ label: r.label, perSecond: r.perSecond, ...r.latencyMs! }));
  writeFileSync(join(settings.results, `bench-${stamp}.svg`), chartSvg(`Hookline benchmark ${at}`, chartRows));
  const quickNote = settings.quick ? ' (--quick: small counts, figures not meaningful)' : '';
  const shape = settings.processes > 1 ? `, fan-out cases on ${settings.processes} service processes` : '';
  console.log(`\nHookline benchmark ${at}${quickNote}${shape}, receiver: ${settings.receiver}`);
  console.log(formatTable(results));
  console.log(`results: ${join(settings.results, `bench-${stamp}`)}.json and .svg`);
}

/** The raw baseline, then each fan-out case: a ratio is always taken within one round. */
async function runRound(round: number): Promise<Round> {
  const { deliveries, rawConcurrency } = settings;
  console.log(
    `round ${round}/${settings.rounds}: raw baseline, ${deliveries} signed POSTs, ${rawConcurrency} in flight`,
  );
  const baseline = await runBaseline(receiver.url('/baseline'), receiver.caFile, deliveries, rawConcurrency);
  console.log(`  ${baseline.perSecond.toFixed(0)} deliveries/s, p99 ${baseline.latencyMs.p99.toFixed(1)} ms`);
  console.log(`round ${round}/${settings.rounds}: durable baseline (Kafka in, POST, attempt rows, commit)`);
  const durable = await runDurableBaseline(receiver.url('/durable'), receiver.caFile, deliveries, rawConcurrency);
  console.log(
    `  ${durable.perSecond.toFixed(0)} deliveries/s = ${(durable.perSecond / baseline.perSecond).toFixed(2)} × raw`,
  );
  const cases: FanoutResult[] = [];
  for (const s of settings.subscriptions) {
    const result = await fanout(s);
    const rate = result.throughput.perSecond;
    console.log(
      `  ${s} subs: ${(rate / baseline.perSecond).toFixed(2)} × raw, ${(rate / durable.perSecond).toFixed(2)} × durable`,
    );
    cases.push(result);
  }
  return { baseline, durable, fanout: cases };
}

main()
  .catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await receiver.release().catch(() => undefined);
    await db.query(`DELETE FROM subscriptions WHERE tenant_id = $1`, [tenant]).catch(() => undefined);
    await db.end();
    receiver.stop();
  });
