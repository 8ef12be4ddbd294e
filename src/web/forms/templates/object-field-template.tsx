import { Box, Typography } from '@mui/material';
import { getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { toDotPath } from './field-template';

/** A titled group of fields named in ui:options.sections of an object's ui schema. */
interface Section {
  title: string;
  fields: string[];
}

const gridSx = { display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } } as const;

/**
 * Lays out an object's fields: in the sections its ui:options name (each a titled region), else as one grid
 * (a nested object is a labelled group). Fields no section names follow, so nothing is ever dropped.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, title, fieldPathId } = props;
  const path = toDotPath(fieldPathId.path);
  const sections = getUiOptions(uiSchema).sections as Section[] | undefined;
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
    <Box sx={{ display: 'grid', gap: 2 }}>
      {sections.map((section, index) => (
        <Box component="section" key={section.title} aria-labelledby={idOf(index)}>
          <Typography variant="h3" id={idOf(index)} sx={{ mb: 1 }}>
            {section.title}
          </Typography>
          <Box sx={gridSx}>{section.fields.map((name) => byName.get(name)?.content)}</Box>
        </Box>
      ))}
      <Box sx={gridSx}>{properties.filter((property) => !named.has(property.name)).map((property) => property.content)}</Box>
    </Box>
  );
}
