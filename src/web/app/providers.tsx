import { useState, type PropsWithChildren } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { CacheProvider } from '@emotion/react';
import { SnackbarProvider } from 'notistack';
import { createQueryClient } from '../shared/api/query-client';
import { AuthProvider } from './auth/auth-provider';
import { accessibleToastComponents } from './toast-content';
import { appTheme } from './theme';
import { allowInjectedStyles } from '../shared/csp-nonce';

const styleCache = allowInjectedStyles();

/** Everything every page relies on: theme, data cache, toasts (10 s), router and the signed-in state. */
export function AppProviders({ children }: PropsWithChildren) {
  const [queryClient] = useState(createQueryClient);
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider
            autoHideDuration={10_000}
            maxSnack={3}
            Components={accessibleToastComponents}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          >
            <BrowserRouter>
              <AuthProvider>{children}</AuthProvider>
            </BrowserRouter>
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
