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
