const minuteMs = 60 * 1000;

/**
 * Cache of the catalogue and cart data (spec 3 §9): fresh for 30 minutes, kept for 60, no refetch on window focus
 * or mount, refetched when the connection comes back.
 */
export const catalogueCacheOptions = {
  staleTime: 30 * minuteMs,
  gcTime: 60 * minuteMs,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  refetchOnReconnect: true,
} as const;
