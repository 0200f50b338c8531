import { SingleBar } from 'cli-progress';
import type { OperationsClient, OperationState } from './operations-client.js';

const FINISHED = ['COMPLETED', 'FAILED', 'CANCELLED'];

export interface PollOptions {
  intervalMs: number;
  /** Where the bar is drawn (it is drawn only on a terminal). */
  stream: NodeJS.WritableStream;
}

/**
 * Polls the operation until it is finished, drawing a progress bar with its status and estimated
 * completion. Ctrl-C asks the service to cancel it and keeps polling until it says CANCELLED.
 */
export async function followOperation(client: OperationsClient, id: string, options: PollOptions) {
  const bar = new SingleBar({
    stream: options.stream,
    format: '{kind} {id} |{bar}| {percentage}% | {status} | eta {eta_at}',
    hideCursor: true,
    clearOnComplete: false,
  });
  let cancelling = false;
  const onInterrupt = () => {
    if (cancelling) return;
    cancelling = true;
    client.cancel(id).catch(() => undefined);
  };
  process.on('SIGINT', onInterrupt);
  let state: OperationState = await client.get(id);
  bar.start(100, state.progress, fields(state));
  try {
    while (!FINISHED.includes(state.status)) {
      await new Promise((r) => setTimeout(r, options.intervalMs));
      state = await client.get(id);
      bar.update(state.progress, fields(state));
    }
  } finally {
    bar.stop();
    process.off('SIGINT', onInterrupt);
  }
  return state;
}

function fields(state: OperationState) {
  const eta = state.estimated_completion ? new Date(state.estimated_completion).toLocaleTimeString() : '-';
  return { kind: state.kind, id: state.id.slice(0, 8), status: state.status, eta_at: eta };
}
