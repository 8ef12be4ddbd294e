import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/** Toast backgrounds behind white text; notistack's defaults (green, orange, light blue) fail WCAG AA contrast. */
export const toastBackgrounds = {
  default: '#313d4a',
  success: '#1b5e20',
  error: '#b71c1c',
  warning: '#8a4b08',
  info: '#1f4e79',
} as const;

/** notistack's content with those backgrounds, for every variant. */
export const AccessibleToastContent = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-default': { backgroundColor: toastBackgrounds.default, color: '#ffffff' },
  '&.notistack-MuiContent-success': { backgroundColor: toastBackgrounds.success, color: '#ffffff' },
  '&.notistack-MuiContent-error': { backgroundColor: toastBackgrounds.error, color: '#ffffff' },
  '&.notistack-MuiContent-warning': { backgroundColor: toastBackgrounds.warning, color: '#ffffff' },
  '&.notistack-MuiContent-info': { backgroundColor: toastBackgrounds.info, color: '#ffffff' },
}));

/** The `Components` prop of SnackbarProvider. */
export const accessibleToastComponents = {
  default: AccessibleToastContent,
  success: AccessibleToastContent,
  error: AccessibleToastContent,
  warning: AccessibleToastContent,
  info: AccessibleToastContent,
};
