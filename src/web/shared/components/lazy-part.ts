import { createElement, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { whenIdle } from '../when-idle';

export interface LazyPart<Props> {
  Component: ComponentType<Props>;
  /** Starts loading the part's chunk now (once; again after a failure). */
  preload(): Promise<unknown>;
}

/**
 * A dialog the first screen does not show, in a chunk of its own: preloaded when the page is idle so that opening it
 * does not wait for the network, drawn from its first opening on (nothing before, so it still closes animated), and as
 * `fallback` (with the same props) in its own Suspense boundary while its chunk is still on the way.
 */
export function lazyPart<Props extends { isOpen: boolean }>(
  load: () => Promise<ComponentType<Props>>,
  fallback: (props: Props) => ReactNode = () => null,
): LazyPart<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload) as unknown as ComponentType<Props>;
  // Chosen at its first opening: once preloaded drawn at once (React.lazy would wait a tick), and never remounted.
  function Part(props: Props) {
    const choose = () => (props.isOpen ? (loaded ?? Lazy) : null);
    const [Chosen, setChosen] = useState<ComponentType<Props> | null>(choose);
    if (Chosen === null && props.isOpen) setChosen(choose);
    if (Chosen === null) return null;
    return createElement(Suspense, { fallback: fallback(props) }, createElement(Chosen, props));
  }
  return { Component: Part, preload };
}

/** Preloads the parts' chunks once the page is idle after it has drawn. */
export function usePreloadWhenIdle(...parts: readonly Pick<LazyPart<never>, 'preload'>[]): void {
  useEffect(() => {
    // A browser without requestIdleCallback (Safari) preloads a second after the page has drawn.
    return whenIdle(() => parts.forEach((part) => void part.preload().catch(() => undefined)), {
      timeoutMs: 2000,
      fallbackMs: 1000,
    });
    // The parts are module-level constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
