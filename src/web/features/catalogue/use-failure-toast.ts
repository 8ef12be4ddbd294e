import { useEffect } from 'react';
import { useSnackbar } from 'notistack';

/** Spec 1 §8: a failed parts load is logged and toasted once per failure (e.g. 'Failed to fetch spare parts'). */
export function useFailureToast(error: Error | null, message: string): void {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (!error) return;
    console.error(message, error);
    enqueueSnackbar(message, { variant: 'error', preventDuplicate: true });
  }, [error, message, enqueueSnackbar]);
}
