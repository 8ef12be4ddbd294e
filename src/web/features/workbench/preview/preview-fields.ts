/** The fields a staff member can ask "why" about: every leaf of the form's schema, hidden ones too. */
import { getIn, type CompiledDefinition, type JsonSchema } from '../../../../engine';

export interface PreviewField {
  /** Concrete dot path (`wallLengthsFeet.0`). */
  path: string;
  /** As the page labels it (`Wall Length Feet 1`). */
  label: string;
}

function childrenOf(node: JsonSchema): { properties?: Record<string, JsonSchema>; items?: JsonSchema } {
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  const items = node.items && typeof node.items === 'object' && !Array.isArray(node.items) ? node.items : undefined;
  return { properties, items: items as JsonSchema | undefined };
}

/**
 * Every leaf field in schema order; an array's elements by index, as many as the answers hold (at least one), so a
 * hidden wall can be asked about as well as a shown one.
 */
export function listPreviewFields(definition: CompiledDefinition, data: Record<string, unknown>): PreviewField[] {
  const fields: PreviewField[] = [];
  const walk = (node: JsonSchema, path: string, depth: number) => {
    if (depth > 12) return;
    const { properties, items } = childrenOf(node);
    if (properties && Object.keys(properties).length > 0) {
      for (const [key, child] of Object.entries(properties)) walk(child, path ? `${path}.${key}` : key, depth + 1);
    } else if (node.type === 'array' && items && (items.properties || items.type === 'array')) {
      const held = getIn(data, path);
      const count = Math.max(1, Array.isArray(held) ? held.length : 0);
      for (let i = 0; i < count; i++) walk(items, `${path}.${i}`, depth + 1);
    } else if (node.type === 'array' && items) {
      const held = getIn(data, path);
      const count = Math.max(1, Array.isArray(held) ? held.length : 0);
      for (let i = 0; i < count; i++) fields.push({ path: `${path}.${i}`, label: definition.labelOf(`${path}.${i}`) });
    } else if (path) {
      fields.push({ path, label: definition.labelOf(path) });
    }
  };
  walk(definition.bundle.schema, '', 0);
  return fields;
}
