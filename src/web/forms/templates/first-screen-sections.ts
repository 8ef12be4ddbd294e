// About a screenful of fields: what a form's first render draws, the rest following once it is painted.
const firstScreenFields = 16;

/** The sections a form's first render draws: the first, then the next ones until they hold a screenful of fields. */
export function firstScreenSections<Section extends { fields: readonly string[] }>(
  sections: readonly Section[],
): readonly Section[] {
  let fields = 0;
  const last = sections.findIndex((section) => (fields += section.fields.length) >= firstScreenFields);
  return last < 0 ? sections : sections.slice(0, last + 1);
}
