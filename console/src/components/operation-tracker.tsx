import { useState } from 'preact/hooks';
import { call, client, type Operation } from '../api';
import { useInterval } from '../hooks';
import { href } from '../router';
import { Progress } from './ui';

export const FINISHED = ['COMPLETED', 'FAILED', 'CANCELLED'];
export const isRunning = (op: Operation) => !FINISHED.includes(op.status);

/** Follows an operation until it finishes: a live progress bar, its status and summary. */
export function useOperation(): [Operation | undefined, (id: string) => Promise<void>] {
  const [op, setOp] = useState<Operation>();
  const refresh = (id: string) => call(client.GET('/operations/{id}', { params: { path: { id } } })).then(setOp);
  useInterval(() => op && void refresh(op.id).catch(() => undefined), 500, op !== undefined && isRunning(op));
  return [op, refresh];
}

export function OperationStatus({ op, label }: { op: Operation; label: string }) {
  return (
    <div class="op-status" aria-live="polite">
      <Progress value={op.progress} label={label} />
      <span>
        {op.status} · <a href={href.operations(op.id)}>operation {op.id.slice(0, 8)}</a>
        {op.result &&
          ` · ${Object.entries(op.result)
            .map(([k, v]) => `${k}: ${String(v)}`)
            .join(', ')}`}
        {op.error && ` · ${op.error.code}: ${op.error.message}`}
      </span>
    </div>
  );
}
