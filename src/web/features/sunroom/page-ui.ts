import type { DefinitionBundle } from '../../../engine';
import { isWallArrayName, pageOwnedFields } from './walls/wall-paths';

/**
 * The bundle the page renders: the definition's ui schema with the fields the page draws itself (wall arrays,
 * layouts, wall set-up) marked ui:field "pageOwned", so the generic form keeps them in its data but does not draw
 * them. Rules, schema and data are untouched: the engine sees exactly what the server sees.
 */
export function withPageOwnedFields(bundle: DefinitionBundle): DefinitionBundle {
  const properties = Object.keys((bundle.schema.properties ?? {}) as Record<string, unknown>);
  const owned = properties.filter((name) => isWallArrayName(name) || pageOwnedFields.includes(name));
  const ui: Record<string, unknown> = { ...bundle.ui };
  for (const name of owned) {
    ui[name] = { ...(ui[name] as Record<string, unknown> | undefined), 'ui:field': 'pageOwned', 'ui:widget': 'hidden' };
  }
  return { ...bundle, ui };
}
