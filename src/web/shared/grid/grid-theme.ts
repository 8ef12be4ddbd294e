import { themeQuartz } from 'ag-grid-community';

/** ag-grid's Quartz theme in the portal's colours and type, shared by every table. */
export const portalGridTheme = themeQuartz.withParams({
  accentColor: '#1f4e79',
  foregroundColor: '#1d2733',
  headerBackgroundColor: '#eef2f6',
  headerFontWeight: 600,
  fontFamily: 'inherit',
  fontSize: 14,
  borderRadius: 8,
  wrapperBorderRadius: 8,
});

/** Long file and job names wrap onto a second line inside the fixed row height instead of being cut off. */
export const wrappingCellsSx = {
  '& .ag-cell-wrap-text': { lineHeight: 1.35, display: 'flex', alignItems: 'center', wordBreak: 'break-word' },
} as const;
