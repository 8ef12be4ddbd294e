import { Box, Typography } from '@mui/material';
import { getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { useAfterFirstPaint } from '../../shared/components/use-after-first-paint';
import { isPathHidden } from '../form-store';
import { useFormStore } from '../form-store-context';
import { useFormSelector } from '../use-form-selector';
import { firstScreenSections } from './first-screen-sections';
import { toDotPath } from './field-template';

/** A titled group of fields named in ui:options.sections of an object's ui schema. */
interface Section {
  title: string;
  fields: string[];
}

// Two columns where the form's own box has room for two 15rem fields, else one: a field's label is read whole, whether
// the form fills the page or shares it (a cart's side column, the workbench preview).
const gridSx = {
  display: 'grid',
  gap: 1,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, max(15rem, calc((100% - 8px) / 2))), 1fr))',
} as const;

const titleSx = { mb: 1 } as const;
// One column as wide as the form: a skipped section's remembered size must never widen the page after a resize.
const sectionsSx = { display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' } as const;
// A section out of view costs no style, layout or paint while typing elsewhere; its last height keeps the scrollbar still.
const sectionSx = { contentVisibility: 'auto', containIntrinsicBlockSize: 'auto 480px' } as const;

/**
 * Lays out an object's fields: in the sections its ui:options name (each a titled region), else as one grid
 * (a nested object is a labelled group). Fields no section names follow, so nothing is ever dropped.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, title, fieldPathId } = props;
  const path = toDotPath(fieldPathId.path);
  const sections = getUiOptions(uiSchema).sections as Section[] | undefined;
  const isPainted = useAfterFirstPaint(Array.isArray(sections));
  if (!Array.isArray(sections)) {
    return (
      <Box role={path ? 'group' : undefined} aria-label={path ? title : undefined} sx={gridSx}>
        {properties.map((property) => property.content)}
      </Box>
    );
  }
  const byName = new Map(properties.map((property) => [property.name, property]));
  const named = new Set(sections.flatMap((section) => section.fields));
  const idOf = (index: number) => `${fieldPathId.$id}-section-${index}`;
  return (
    // Busy until the sections past the first screen are drawn (a frame after the first paint).
    <Box sx={sectionsSx} aria-busy={isPainted ? undefined : true}>
      {(isPainted ? sections : firstScreenSections(sections)).map((section, index) => (
        <SectionBlock
          key={section.title}
          titleId={idOf(index)}
          title={section.title}
          paths={section.fields
            .filter((name) => byName.has(name) && !isDrawnElsewhere(uiSchema?.[name]))
            .map((name) => (path ? `${path}.${name}` : name))}
          notices={section.fields.map((name) => noticeNameOf(uiSchema?.[name])).filter((name) => name !== undefined)}
        >
          {section.fields.map((name) => byName.get(name)?.content)}
        </SectionBlock>
      ))}
      {isPainted ? (
        <Box sx={gridSx}>
          {properties.filter((property) => !named.has(property.name)).map((property) => property.content)}
        </Box>
      ) : null}
    </Box>
  );
}

/** A field the generic form keeps but does not draw (ui:widget hidden: a page part such as the Wall Choices draws it). */
function isDrawnElsewhere(ui: unknown): boolean {
  return (ui as { 'ui:widget'?: unknown } | undefined)?.['ui:widget'] === 'hidden';
}

/** The computed value a field's notice comes from (`ui:options.noticeFrom`), if it names one. */
function noticeNameOf(ui: unknown): string | undefined {
  const name = (ui as { 'ui:options'?: { noticeFrom?: unknown } } | undefined)?.['ui:options']?.noticeFrom;
  return typeof name === 'string' ? name : undefined;
}

/**
 * One titled section; gone while the engine hides every field it draws (e.g. a Motor City pergola's post style) and
 * none of them has a notice saying why, and untitled when it draws none (its fields are drawn by a page part with its
 * own heading, e.g. Walls and Doors).
 */
function SectionBlock({
  title,
  titleId,
  paths,
  notices,
  children,
}: {
  title: string;
  titleId: string;
  paths: string[];
  notices: string[];
  children: ReactNode;
}) {
  const store = useFormStore();
  const isEveryFieldHidden = useFormSelector(
    store,
    (view) =>
      paths.length > 0 &&
      paths.every((fieldPath) => isPathHidden(view.state, fieldPath)) &&
      !notices.some((name) => typeof view.state.computed[name] === 'string' && view.state.computed[name] !== ''),
  );
  if (isEveryFieldHidden) return null;
  if (paths.length === 0) return <Box hidden>{children}</Box>;
  return (
    <Box component="section" aria-labelledby={titleId} sx={sectionSx}>
      <Typography variant="h3" id={titleId} sx={titleSx}>
        {title}
      </Typography>
      <Box sx={gridSx}>{children}</Box>
    </Box>
  );
}
