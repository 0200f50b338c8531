import { useEffect, useState } from 'preact/hooks';
import { call, client, type Operation } from '../api';
import { useInterval } from '../hooks';
import { href } from '../router';
import { Progress } from './ui';

export const FINISHED = ['COMPLETED', 'FAILED', 'CANCELLED'];
export const isRunning = (op: Operation) => !FINISHED.includes(op.status);

/** What a finished operation did, as `key: value` pairs. */
export const resultText = (op: Operation) =>
  op.result &&
  Object.entries(op.result)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');

/**
 * Follows an operation until it finishes: a live progress bar, its status and summary. `onFinished`
 * runs once it has finished (the page then shows what it did).
 */
export function useOperation(onFinished?: () => void): [Operation | undefined, (id: string) => Promise<void>] {
  const [op, setOp] = useState<Operation>();
  const refresh = (id: string) => call(client.GET('/operations/{id}', { params: { path: { id } } })).then(setOp);
  useInterval(() => op && void refresh(op.id).catch(() => undefined), 500, op !== undefined && isRunning(op));
  const finished = op !== undefined && !isRunning(op);
  useEffect(() => {
    if (finished) onFinished?.();
  }, [finished]);
  return [op, refresh];
}

export function OperationStatus({ op, label }: { op: Operation; label: string }) {
  return (
    <div class="op-status" aria-live="polite">
      <Progress value={op.progress} label={label} />
      <span>
        {op.status} · <a href={href.operations(op.id)}>operation {op.id.slice(0, 8)}</a>
        {op.result && ` · ${resultText(op)}`}
        {op.error && ` · ${op.error.code}: ${op.error.message}`}
      </span>
    </div>
  );
}
