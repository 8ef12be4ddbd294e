import { useEffect, useState, type ComponentType } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { LoadingText } from '../shared/components/loading-text';

/** A page module's import, made once (again after a failure), with the module once it has arrived. */
export interface PageImport<M> {
  (): Promise<M>;
  loaded?: M;
}

/** A page module's import, made once: the route's page and a boot-time start share it. */
export function importOnce<M>(load: () => Promise<M>): PageImport<M> {
  let loading: Promise<M> | undefined;
  const start: PageImport<M> = () =>
    (loading ??= load().then(
      (module) => (start.loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return start;
}

/**
 * A route's page from its own chunk, drawn as soon as the code has come: at once when it has already arrived (a
 * boot-time start, an earlier visit), else after "Loading..."; `onLoad` runs as the code is asked for (a page's data).
 * Not React.lazy: React holds back what replaces a Suspense fallback until 300 ms after the fallback was shown. When
 * the code does not come, the page says so and offers Try again.
 */
export function routePage<M>(
  importPage: PageImport<M>,
  pick: (module: M) => ComponentType,
  onLoad?: () => void,
): ComponentType {
  return function RoutePage() {
    const [Page, setPage] = useState<ComponentType | undefined>(() =>
      importPage.loaded === undefined ? undefined : pick(importPage.loaded),
    );
    const [isFailed, setIsFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Page) return undefined;
      let isCurrent = true;
      onLoad?.();
      importPage().then(
        (module) => isCurrent && setPage(() => pick(module)),
        (error: unknown) => {
          console.error('A page could not be loaded', error);
          if (isCurrent) setIsFailed(true);
        },
      );
      return () => {
        isCurrent = false;
      };
    }, [Page, attempt]);
    if (Page) return <Page />;
    if (!isFailed) return <LoadingText />;
    // Plain text and a button (already in the main chunk): the page's own code did not come.
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography role="alert">This page could not be loaded. Please check your connection and try again.</Typography>
        <Button
          variant="outlined"
          onClick={() => {
            setIsFailed(false);
            setAttempt((count) => count + 1);
          }}
        >
          Try again
        </Button>
      </Stack>
    );
  };
}
