import './shared/csp-nonce'; // first: gives notistack's styles the page's CSP nonce before notistack loads
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRoutes, startPageLoad } from './app/routes';

startPageLoad(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  </StrictMode>,
);
