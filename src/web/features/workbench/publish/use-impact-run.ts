import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getImpactRun, startImpactRun, workbenchKeys, type ImpactRun } from '../api/definitions-api';

const pollMs = 700;

/** Starts an impact analysis of the draft and polls its run until it is done or failed. */
export function useImpactRun(draftId: number) {
  const [runId, setRunId] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: (days: number) => startImpactRun(draftId, days),
    onSuccess: (run) => setRunId(run.id),
  });
  const run = useQuery({
    queryKey: workbenchKeys.impactRun(runId ?? 0),
    queryFn: () => getImpactRun(runId!),
    enabled: runId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = (query.state.data as ImpactRun | undefined)?.status;
      return status === 'done' || status === 'failed' ? false : pollMs;
    },
  });
  // A new draft revision makes the last analysis stale: it answered for the draft as it was.
  useEffect(() => setRunId(null), [draftId]);
  return {
    start: (days: number) => start.mutate(days),
    isStarting: start.isPending,
    startError: start.error,
    run: runId === null ? undefined : (run.data ?? start.data),
    pollError: run.error,
    reset: () => setRunId(null),
  };
}
