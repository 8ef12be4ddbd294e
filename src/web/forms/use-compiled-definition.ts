import { useEffect, useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { compileCheckedDefinition, type CompiledDefinition, type DefinitionBundle } from '../../engine';
import { useDefinitionSource } from './definition-source';
import { fetchDefinition } from './get-definition';

// Staff edit definitions without a rebuild: re-read when a page opens after 5 minutes.
export const definitionQuery = (form: string) =>
  queryOptions({
    queryKey: ['definitions', form],
    queryFn: () => fetchDefinition(form),
    staleTime: 5 * 60 * 1000,
    refetchOnMount: true,
  });

/** A form's definition, compiled once per fetched bundle. */
export interface CompiledDefinitionState {
  /** Null while loading, or when it failed. */
  compiled: CompiledDefinition | null;
  /** It could not be fetched, or does not compile (logged). */
  isFailed: boolean;
}

/**
 * Fetches and compiles a form's definition; `prepare` may adjust the bundle first (a page's own ui fields). Inside a
 * preview (DefinitionSourceContext) the definition handed in for the form is used and nothing is fetched.
 */
export function useCompiledDefinition(
  form: string,
  prepare?: (bundle: DefinitionBundle) => DefinitionBundle,
): CompiledDefinitionState {
  const supplied = useDefinitionSource()?.definitionOf(form);
  const definition = useQuery({ ...definitionQuery(form), enabled: supplied === undefined });
  const compiled = useMemo<CompiledDefinition | Error | null>(() => {
    if (supplied && !prepare) return supplied;
    const bundle = supplied?.bundle ?? definition.data;
    if (!bundle) return null;
    try {
      // The server checked what it serves (rules.json against the meta-schema, schema.json), and a supplied (draft)
      // definition was checked when the workbench compiled it: no ajv in the browser (its meta-schema compile was
      // ~0.45 s before the first input, and ajv ~45 kB gz of the route's JS).
      return compileCheckedDefinition(prepare ? prepare(bundle) : bundle);
    } catch (error) {
      console.error(`The ${form} definition does not compile`, error);
      return error as Error;
    }
  }, [supplied, definition.data, form, prepare]);
  useEffect(() => {
    if (definition.error) console.error(`Failed to load the ${form} definition`, definition.error);
  }, [definition.error, form]);
  if (compiled instanceof Error) return { compiled: null, isFailed: true };
  return { compiled, isFailed: supplied === undefined && definition.isError };
}
