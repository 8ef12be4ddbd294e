import { optionsOf, schemaAt, type CompiledDefinition } from '../../../../engine';
import { readRoomFields } from '../room-fields';

interface StructureLayout {
  value: string;
  label: string;
  note: string | null;
}

/** The structure layouts as the definition names them (schema titles, ui notes such as NOT RECOMMENDED), in schema order. */
export function listStructureLayouts(definition: CompiledDefinition): StructureLayout[] {
  const path = readRoomFields(definition).layout;
  const notes =
    (definition.bundle.ui?.[path] as { 'ui:options'?: { notes?: Record<string, string> } } | undefined)?.['ui:options']
      ?.notes ?? {};
  const options = optionsOf(schemaAt(definition.bundle.schema, path)) ?? [];
  return options.map(({ value, label }) => ({ value: String(value), label, note: notes[String(value)] ?? null }));
}
