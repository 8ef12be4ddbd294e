import { lazy, useEffect, useState, type ComponentType } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { Route, Routes } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { AppLayout } from './layout/app-layout';
import { AfterSignIn } from './layout/after-sign-in';
import { RequireAuth } from './layout/require-auth';
import { RequireRole } from './layout/require-role';
import { orderDeskRoles, workbenchRoles } from '../shared/api/me';
import { prefetchLocations } from '../shared/api/dealer/get-locations';
import { prefetchDefinition } from '../forms/get-definition';
import { LoadingText } from '../shared/components/loading-text';

/** A page module's import, made once (again after a failure), with the module once it has arrived. */
interface PageImport<M> {
  (): Promise<M>;
  loaded?: M;
}

/** A page module's import, made once: the route's page and the boot-time start share it. */
function importOnce<M>(load: () => Promise<M>): PageImport<M> {
  let loading: Promise<M> | undefined;
  const start: PageImport<M> = () =>
    (loading ??= load().then(
      (module) => (start.loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return start;
}

/** Requests a configurator's definition and the dealer's locations (once signed in), so they arrive with its code. */
function startFormData(form: string): void {
  prefetchDefinition(form);
  prefetchLocations();
}

/**
 * A configurator's route page, drawn as soon as its code has come: at once when its import started at boot
 * (startPageLoad) has already arrived, else after "Loading...", its data requested while the code downloads. Not
 * React.lazy: React holds back what replaces a Suspense fallback until 300 ms after the fallback was shown.
 */
function formPage<M>(form: string, importPage: PageImport<M>, pick: (module: M) => ComponentType): ComponentType {
  return function FormRoutePage() {
    const [Page, setPage] = useState<ComponentType | undefined>(() =>
      importPage.loaded === undefined ? undefined : pick(importPage.loaded),
    );
    const [isFailed, setIsFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Page) return undefined;
      let isCurrent = true;
      startFormData(form);
      importPage().then(
        (module) => isCurrent && setPage(() => pick(module)),
        (error: unknown) => {
          console.error(`The ${form} page could not be loaded`, error);
          if (isCurrent) setIsFailed(true);
        },
      );
      return () => {
        isCurrent = false;
      };
    }, [Page, attempt]);
    if (Page) return <Page />;
    if (!isFailed) return <LoadingText />;
    // Plain text and a button (already in the main chunk): the page's own code did not come.
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography role="alert">This page could not be loaded. Please check your connection and try again.</Typography>
        <Button
          variant="outlined"
          onClick={() => {
            setIsFailed(false);
            setAttempt((count) => count + 1);
          }}
        >
          Try again
        </Button>
      </Stack>
    );
  };
}

const importSunroomPage = importOnce(() => import('../features/sunroom/sunroom-page'));
const importPatioCoverPage = importOnce(() => import('../features/patio-covers/patio-cover-page'));

// The configurators (the heaviest pages) opened by address: their code and their form's data.
const bootByPath: Record<string, { importPage: () => Promise<unknown>; form: string }> = {
  '/ordering/sunrooms': { importPage: importSunroomPage, form: 'sunroom' },
  '/ordering/screenrooms': { importPage: importSunroomPage, form: 'screenroom' },
  '/ordering/impact': { importPage: importSunroomPage, form: 'impact' },
  '/ordering/pergolas': { importPage: importPatioCoverPage, form: 'pergola' },
  '/ordering/pavilions': { importPage: importPatioCoverPage, form: 'pavilion' },
};

/**
 * Starts loading the page at `pathname` (main.tsx, before the first render): its code downloads while sign-in is
 * checked, and its data is requested as soon as the token is known (a signed-out visitor asks for none), not after
 * GET /auth/config and the layout's first render.
 */
export function startPageLoad(pathname: string): void {
  const boot = bootByPath[pathname.replace(/\/+$/, '').toLowerCase()];
  if (!boot) return;
  void boot.importPage().catch(() => undefined);
  startFormData(boot.form);
}

// Each page is its own chunk, so the landing page loads only what it shows.
const WelcomePage = lazy(() => import('../features/welcome/welcome-page').then((m) => ({ default: m.WelcomePage })));
const OrderingHomePage = lazy(() =>
  import('../features/ordering/ordering-home-page').then((m) => ({ default: m.OrderingHomePage })),
);
const ProductPlaceholderPage = lazy(() =>
  import('../features/ordering/product-placeholder-page').then((m) => ({ default: m.ProductPlaceholderPage })),
);
const SunRoomsPage = formPage('sunroom', importSunroomPage, (m) => m.SunRoomsPage);
const ScreenRoomsPage = formPage('screenroom', importSunroomPage, (m) => m.ScreenRoomsPage);
const ImpactPage = formPage('impact', importSunroomPage, (m) => m.ImpactPage);
const PergolasPage = formPage('pergola', importPatioCoverPage, (m) => m.PergolasPage);
const PavilionsPage = formPage('pavilion', importPatioCoverPage, (m) => m.PavilionsPage);
const ContactListPage = lazy(() =>
  import('../features/contacts/contact-list-page').then((m) => ({ default: m.ContactListPage })),
);
const CurrentOrdersPage = lazy(() =>
  import('../features/current-orders/current-orders-page').then((m) => ({ default: m.CurrentOrdersPage })),
);
const OrderHistoryPage = lazy(() =>
  import('../features/order-history/order-history-page').then((m) => ({ default: m.OrderHistoryPage })),
);
// Catalogues, carts and trapezoid glass (spec 3 §2): each page wraps itself in its cart's data provider.
const SparePartsPage = lazy(() =>
  import('../features/catalogue/spare-parts-page').then((m) => ({ default: m.SparePartsPage })),
);
const MarketingPage = lazy(() =>
  import('../features/catalogue/marketing-page').then((m) => ({ default: m.MarketingPage })),
);
const DisplaysPage = lazy(() =>
  import('../features/catalogue/displays-page').then((m) => ({ default: m.DisplaysPage })),
);
const TransomsPage = lazy(() =>
  import('../features/catalogue/variant-catalogue-page').then((m) => ({ default: m.TransomsPage })),
);
const DoorsPage = lazy(() =>
  import('../features/catalogue/variant-catalogue-page').then((m) => ({ default: m.DoorsPage })),
);
const SashPage = lazy(() =>
  import('../features/catalogue/variant-catalogue-page').then((m) => ({ default: m.SashPage })),
);
const SparePartsCartPage = lazy(() =>
  import('../features/carts/cart-pages').then((m) => ({ default: m.SparePartsCartPage })),
);
const MarketingCartPage = lazy(() =>
  import('../features/carts/cart-pages').then((m) => ({ default: m.MarketingCartPage })),
);
const DisplayCartPage = lazy(() =>
  import('../features/carts/cart-pages').then((m) => ({ default: m.DisplayCartPage })),
);
const GlassCartPage = lazy(() => import('../features/carts/cart-pages').then((m) => ({ default: m.GlassCartPage })));
const GlassPage = lazy(() => import('../features/glass/glass-page').then((m) => ({ default: m.GlassPage })));
// The definitions workbench (staff only): its own chunks, never imported by a dealer page.
const WorkbenchOverviewPage = lazy(() =>
  import('../features/workbench/overview/overview-page').then((m) => ({ default: m.WorkbenchOverviewPage })),
);
const DraftPage = lazy(() => import('../features/workbench/draft/draft-page').then((m) => ({ default: m.DraftPage })));
// The order desk (staff only): its own chunk, never imported by a dealer page.
const OrderDeskPage = lazy(() =>
  import('../features/order-desk/order-desk-page').then((m) => ({ default: m.OrderDeskPage })),
);
const NotFoundPage = lazy(() =>
  import('../shared/components/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** The route table of spec 1 §2: / is public, everything else needs a signed-in user. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<LandingPage />} />
        <Route element={<RequireAuth />}>
          <Route
            path="/login/callback"
            element={
              <AfterSignIn>
                <WelcomePage />
              </AfterSignIn>
            }
          />
          <Route path="/Ordering" element={<OrderingHomePage />} />
          {/* Configurator issues add their own /Ordering/<Name> routes above this catch-all. */}
          <Route path="/Ordering/SunRooms" element={<SunRoomsPage />} />
          <Route path="/Ordering/ScreenRooms" element={<ScreenRoomsPage />} />
          <Route path="/Ordering/Impact" element={<ImpactPage />} />
          <Route path="/Ordering/Pergolas" element={<PergolasPage />} />
          <Route path="/Ordering/Pavilions" element={<PavilionsPage />} />
          <Route path="/Ordering/SpareParts" element={<SparePartsPage />} />
          <Route path="/Ordering/SparePartsCart" element={<SparePartsCartPage />} />
          <Route path="/Ordering/Transoms" element={<TransomsPage />} />
          <Route path="/Ordering/Doors" element={<DoorsPage />} />
          <Route path="/Ordering/Sash" element={<SashPage />} />
          <Route path="/Ordering/Marketing" element={<MarketingPage />} />
          <Route path="/Ordering/MarketingCart" element={<MarketingCartPage />} />
          <Route path="/Ordering/Displays" element={<DisplaysPage />} />
          <Route path="/Ordering/DisplayCart" element={<DisplayCartPage />} />
          <Route path="/Ordering/CustomTrapGlass" element={<GlassPage />} />
          <Route path="/Ordering/CustomTrapGlassCart" element={<GlassCartPage />} />
          <Route path="/Ordering/:product" element={<ProductPlaceholderPage />} />
          <Route path="/CurrentOrders" element={<CurrentOrdersPage />} />
          <Route path="/OrderHistory" element={<OrderHistoryPage />} />
          <Route path="/ContactList" element={<ContactListPage />} />
          <Route element={<RequireRole anyOf={orderDeskRoles} purpose="TEMO staff who work the dealers' orders" />}>
            <Route path="/Staff/Orders" element={<OrderDeskPage />} />
          </Route>
          <Route element={<RequireRole anyOf={workbenchRoles} />}>
            <Route path="/Staff/Definitions" element={<WorkbenchOverviewPage />} />
            <Route path="/Staff/Definitions/drafts/:id" element={<DraftPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
