import { useEffect, useRef, useState } from 'react';
import { ProofClient, type ProofFiles, type ProofResult } from './proof-client';
import { startProofWorker } from './start-proof-worker';

export interface DraftProofState {
  /** checking: a run for the latest files is under way, `result` (if any) is of older files. */
  status: 'checking' | 'done' | 'error';
  /** The last finished run. */
  result: ProofResult | undefined;
  error?: string;
}

/**
 * Runs the form's static check and golden orders in the proof's worker on every change of `files` (a new object per
 * edit, useDraftTree keeps it while nothing changed); an edit made during a run supersedes it.
 */
export function useDraftProof(files: ProofFiles, form: string): DraftProofState {
  const [state, setState] = useState<DraftProofState>({ status: 'checking', result: undefined });
  const client = useRef<ProofClient | undefined>(undefined);
  useEffect(() => {
    const created = new ProofClient(
      form,
      (outcome) =>
        setState((previous) =>
          outcome.kind === 'result'
            ? { status: 'done', result: outcome.result }
            : { status: 'error', result: previous.result, error: outcome.message },
        ),
      startProofWorker,
    );
    client.current = created;
    return () => {
      created.dispose();
      if (client.current === created) client.current = undefined;
    };
  }, [form]);
  useEffect(() => {
    // Posted in a task of its own: the edit's task is the preview's (compile, new session, commit), and the worker
    // starting at once would take a core from it.
    const editedAt = performance.now();
    const posting = setTimeout(() => client.current?.run(files, editedAt), 0);
    setState((previous) => (previous.status === 'checking' ? previous : { ...previous, status: 'checking' }));
    return () => clearTimeout(posting);
  }, [files, form]);
  return state;
}
