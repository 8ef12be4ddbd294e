import { QueryClient } from '@tanstack/react-query';

const oneHourMs = 60 * 60 * 1000;

/** React Query defaults from spec 1 §9: data stays fresh 1 h, kept 24 h, no refetch on focus or mount. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: oneHourMs,
        gcTime: 24 * oneHourMs,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
      },
    },
  });
}

// A 4xx will not get better by asking again.
function isClientError(error: unknown): boolean {
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
