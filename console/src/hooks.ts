import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data?: T;
  error?: Error;
  loading: boolean;
  reload: () => void;
}

/** Runs a load whenever its inputs change; an answer to an older load is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const generation = useRef(0);
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    run().then(
      (data) => mine === generation.current && setState({ data, loading: false }),
      (error: Error) => mine === generation.current && setState({ error, loading: false }),
    );
  }, [run]);
  useEffect(reload, [reload]);
  return { ...state, reload };
}

/** Calls `tick` every `ms` while `active`. */
export function useInterval(tick: () => void, ms: number, active: boolean): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms, active]);
}

/** Cursor paging: the stack of `after` cursors walked so far (first page: none). */
export function useCursor() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    after: cursors[cursors.length - 1] as string | undefined,
    atFirst: cursors.length === 0,
    next: (cursor: string | null) => cursor && setCursors([...cursors, cursor]),
    first: () => setCursors([]),
  };
}
export type Cursor = ReturnType<typeof useCursor>;
