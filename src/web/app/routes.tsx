import { Route, Routes } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { AppLayout } from './layout/app-layout';
import { AfterSignIn } from './layout/after-sign-in';
import { RequireAuth } from './layout/require-auth';
import { RequireRole } from './layout/require-role';
import { orderDeskRoles, workbenchRoles } from '../shared/api/me';
import { prefetchLocations } from '../shared/api/dealer/get-locations';
import { prefetchDefinition } from '../forms/get-definition';
import { importOnce, routePage } from './route-page';

/** Requests a configurator's definition and the dealer's locations (once signed in), so they arrive with its code. */
function startFormData(form: string): void {
  prefetchDefinition(form);
  prefetchLocations();
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
const WelcomePage = routePage(
  importOnce(() => import('../features/welcome/welcome-page')),
  (m) => m.WelcomePage,
);
const OrderingHomePage = routePage(
  importOnce(() => import('../features/ordering/ordering-home-page')),
  (m) => m.OrderingHomePage,
);
const ProductPlaceholderPage = routePage(
  importOnce(() => import('../features/ordering/product-placeholder-page')),
  (m) => m.ProductPlaceholderPage,
);
const SunRoomsPage = routePage(
  importSunroomPage,
  (m) => m.SunRoomsPage,
  () => startFormData('sunroom'),
);
const ScreenRoomsPage = routePage(
  importSunroomPage,
  (m) => m.ScreenRoomsPage,
  () => startFormData('screenroom'),
);
const ImpactPage = routePage(
  importSunroomPage,
  (m) => m.ImpactPage,
  () => startFormData('impact'),
);
const PergolasPage = routePage(
  importPatioCoverPage,
  (m) => m.PergolasPage,
  () => startFormData('pergola'),
);
const PavilionsPage = routePage(
  importPatioCoverPage,
  (m) => m.PavilionsPage,
  () => startFormData('pavilion'),
);
const ContactListPage = routePage(
  importOnce(() => import('../features/contacts/contact-list-page')),
  (m) => m.ContactListPage,
);
const CurrentOrdersPage = routePage(
  importOnce(() => import('../features/current-orders/current-orders-page')),
  (m) => m.CurrentOrdersPage,
);
const OrderHistoryPage = routePage(
  importOnce(() => import('../features/order-history/order-history-page')),
  (m) => m.OrderHistoryPage,
);
// Catalogues, carts and trapezoid glass (spec 3 §2): each page wraps itself in its cart's data provider.
const SparePartsPage = routePage(
  importOnce(() => import('../features/catalogue/spare-parts-page')),
  (m) => m.SparePartsPage,
);
const MarketingPage = routePage(
  importOnce(() => import('../features/catalogue/marketing-page')),
  (m) => m.MarketingPage,
);
const DisplaysPage = routePage(
  importOnce(() => import('../features/catalogue/displays-page')),
  (m) => m.DisplaysPage,
);
const importVariantCataloguePage = importOnce(() => import('../features/catalogue/variant-catalogue-page'));
const TransomsPage = routePage(importVariantCataloguePage, (m) => m.TransomsPage);
const DoorsPage = routePage(importVariantCataloguePage, (m) => m.DoorsPage);
const SashPage = routePage(importVariantCataloguePage, (m) => m.SashPage);
const importCartPages = importOnce(() => import('../features/carts/cart-pages'));
const SparePartsCartPage = routePage(importCartPages, (m) => m.SparePartsCartPage);
const MarketingCartPage = routePage(importCartPages, (m) => m.MarketingCartPage);
const DisplayCartPage = routePage(importCartPages, (m) => m.DisplayCartPage);
const GlassCartPage = routePage(importCartPages, (m) => m.GlassCartPage);
const GlassPage = routePage(
  importOnce(() => import('../features/glass/glass-page')),
  (m) => m.GlassPage,
);
// The definitions workbench (staff only): its own chunks, never imported by a dealer page.
const WorkbenchOverviewPage = routePage(
  importOnce(() => import('../features/workbench/overview/overview-page')),
  (m) => m.WorkbenchOverviewPage,
);
const DraftPage = routePage(
  importOnce(() => import('../features/workbench/draft/draft-page')),
  (m) => m.DraftPage,
);
// The order desk (staff only): its own chunk, never imported by a dealer page.
const OrderDeskPage = routePage(
  importOnce(() => import('../features/order-desk/order-desk-page')),
  (m) => m.OrderDeskPage,
);
const NotFoundPage = routePage(
  importOnce(() => import('../shared/components/not-found-page')),
  (m) => m.NotFoundPage,
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
