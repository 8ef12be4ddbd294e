import { lazy, Suspense, type ComponentType } from 'react';
import type { RarePieces } from './rare-pieces';

let loading: Promise<RarePieces> | undefined;
const loadRarePieces = () => (loading ??= import('./rare-pieces').then((module) => module.rarePieces));

/**
 * A stand-in for one of rjsf's rare pieces: the same component from the rare chunk, loaded when a form first draws
 * it (nothing is drawn in its place until then, a moment at most).
 */
export function lazyPiece<Props extends object>(
  pick: (pieces: RarePieces) => unknown,
  name: string,
): ComponentType<Props> {
  const Real = lazy(() => loadRarePieces().then((pieces) => ({ default: pick(pieces) as ComponentType<Props> })));
  function RarePiece(props: Props) {
    return (
      <Suspense fallback={null}>
        <Real {...props} />
      </Suspense>
    );
  }
  RarePiece.displayName = `Rare(${name})`;
  return RarePiece;
}

/** Stand-ins for the named entries of one of the rare registries. */
export function lazyPieces<Group extends keyof RarePieces>(
  group: Group,
  names: readonly (keyof RarePieces[Group] & string)[],
): Record<string, ComponentType<object>> {
  return Object.fromEntries(names.map((name) => [name, lazyPiece((pieces) => pieces[group][name], name)])) as Record<
    string,
    ComponentType<object>
  >;
}
