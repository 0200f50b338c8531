import { Command, Option } from 'commander';
import { createWriteStream } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { followOperation } from './operation-progress.js';
import { OperationsClient, type OperationState } from './operations-client.js';

export interface CliOutput {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface ConnectionOptions {
  url: string;
  apiKey: string;
  wait: boolean;
  interval: string;
}

/** --url/--api-key (or HOOKLINE_URL/HOOKLINE_API_KEY), --no-wait and --interval on every command. */
export function withConnection(command: Command): Command {
  return command
    .addOption(
      new Option('--url <url>', 'base address of the Hookline API')
        .env('HOOKLINE_URL')
        .default('http://127.0.0.1:3000'),
    )
    .addOption(
      new Option(
        '--api-key <key>',
        'API key: the write scope (recover, redrive, report), an operator key (secrets re-encrypt)',
      )
        .env('HOOKLINE_API_KEY')
        .makeOptionMandatory(),
    )
    .option('--no-wait', 'print the operation id and return without following it')
    .option('--interval <ms>', 'how often to poll the operation', '1000');
}

type AfterCompletion = (client: OperationsClient, done: OperationState) => Promise<void>;
type StartOperation = (options: ConnectionOptions, path: string, body: object, then?: AfterCompletion) => Promise<void>;

/**
 * `recover`, `redrive` and `report`: front ends of the operation endpoints. Each starts the
 * operation, follows it with a progress bar on stderr, prints the final operation (and, for a
 * report, the report itself) on stdout, and exits non-zero unless it COMPLETED.
 */
export function registerOperationCommands(program: Command, io: CliOutput = process): void {
  const run: StartOperation = (options, path, body, then) => runOperation(io, options, path, body, then);
  registerRecover(program, run);
  registerRedrive(program, run);
  registerReport(program, run, io);
}

/** Starts an operation, follows it (a progress bar on a terminal), prints it; exits non-zero unless COMPLETED. */
export async function runOperation(
  io: CliOutput,
  options: ConnectionOptions,
  path: string,
  body: object,
  then?: AfterCompletion,
): Promise<void> {
  const client = new OperationsClient(options.url, options.apiKey);
  const started = await client.start(path, body);
  io.stderr.write(`operation ${started.id} ${started.status}\n`);
  if (!options.wait) {
    io.stdout.write(`${JSON.stringify(started)}\n`);
    return;
  }
  const done = await followOperation(client, started.id, { intervalMs: Number(options.interval), stream: io.stderr });
  if (done.status === 'COMPLETED' && then) await then(client, done);
  else io.stdout.write(`${JSON.stringify(done, null, 2)}\n`);
  if (done.status !== 'COMPLETED') {
    io.stderr.write(`operation ${done.id} ${done.status}${done.error ? `: ${done.error.message}` : ''}\n`);
    process.exitCode = 1;
  }
}

function registerRecover(program: Command, run: StartOperation): void {
  withConnection(program.command('recover <subscription-id>'))
    .description("re-deliver a subscription's events of a window whose latest attempt failed (or all of them)")
    .requiredOption('--since <time>', 'start of the window, ISO 8601')
    .option('--until <time>', 'end of the window, ISO 8601 (default now)')
    .addOption(new Option('--status <status>', 'which events').choices(['failed', 'all']).default('failed'))
    .option('--dry-run', 'only count the events', false)
    .action((subscriptionId: string, o: ConnectionOptions & Record<string, string | boolean | undefined>) =>
      run(o, `/v1/webhooks/${encodeURIComponent(subscriptionId)}/recoveries`, {
        since: o.since,
        ...(o.until ? { until: o.until } : {}),
        status: o.status,
        dry_run: o.dryRun === true,
      }),
    );
}

function registerRedrive(program: Command, run: StartOperation): void {
  withConnection(program.command('redrive'))
    .description('put parked delivery tasks (DLQ) back on the delivery topic')
    .option('--subscription <id>', 'only this subscription')
    .option('--since <time>', 'only records parked from then on, ISO 8601')
    .option('--until <time>', 'only records parked before then, ISO 8601')
    .option('--reason <reason>', 'only records parked for this reason (exhausted, gone, disabled…)')
    .action((o: ConnectionOptions & Record<string, string | undefined>) =>
      run(o, '/v1/dead-letters/redrives', {
        ...(o.subscription ? { subscription_id: o.subscription } : {}),
        ...(o.since ? { since: o.since } : {}),
        ...(o.until ? { until: o.until } : {}),
        ...(o.reason ? { reason: o.reason } : {}),
      }),
    );
}

function registerReport(program: Command, run: StartOperation, io: CliOutput): void {
  withConnection(program.command('report'))
    .description('delivery report: attempts, success ratio, latency percentiles per subscription and event type')
    .requiredOption('--from <time>', 'attempts from then on, ISO 8601')
    .requiredOption('--to <time>', 'attempts before then, ISO 8601')
    .option('--subscription <id>', 'only this subscription')
    .addOption(new Option('--format <format>', 'report format').choices(['csv', 'json']).default('csv'))
    .option('--output <file>', 'write the report to this file instead of stdout')
    .action((o: ConnectionOptions & Record<string, string | undefined>) =>
      run(
        o,
        '/v1/reports',
        { from: o.from, to: o.to, format: o.format, ...(o.subscription ? { subscription_id: o.subscription } : {}) },
        async (client, done) => {
          const response = await client.download(done.result_url!);
          const target: Writable = o.output ? createWriteStream(o.output) : toWritable(io.stdout);
          await pipeline(Readable.fromWeb(response.body! as never), target);
          if (o.output) io.stderr.write(`report written to ${o.output}\n`);
        },
      ),
    );
}

/** stdout must stay open after the report is written (pipeline would end it). */
function toWritable(stream: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk, _encoding, callback) {
      if (stream.write(chunk)) callback();
      else stream.once('drain', () => callback());
    },
  });
}
