import type { FastifyInstance } from 'fastify';
import { dealerUserRoutes } from './api/dealer-user';
import { definitionRoutes } from './api/definitions';
import { draftRoutes } from './api/drafts';
import { engineeringRoutes } from './api/engineering';
import { geoRoutes } from './api/geo';
import { healthzRoutes } from './api/healthz';
import { orderRoutes } from './api/orders';
import { portalContentRoutes } from './api/portal-content';
import { currentOrderRoutes } from './api/current-orders';
import { furnitureRoutes } from './api/furniture';
import { orderFileRoutes } from './api/order-files';
import { orderHistoryRoutes } from './api/order-history';
import { staffRoutes } from './api/staff';
import { configuratorSubmitRoutes } from './api/configurator-submit';
import { drawingRoutes } from './api/drawings';
import { sunroomRoutes } from './api/sunrooms';
import { catalogueRoutes } from './api/catalogues';
import { imageRoutes } from './api/images';
import { cartRoutes } from './api/carts';
import { definitionVersionRoutes } from './api/definition-versions';
import { meRoutes } from './api/me';

/** Every /api route plugin, by area. Add one line here for a new area; the auth hook already covers it. */
export const apiRoutePlugins: ((app: FastifyInstance) => Promise<void>)[] = [
  healthzRoutes,
  dealerUserRoutes,
  portalContentRoutes,
  definitionRoutes,
  engineeringRoutes,
  geoRoutes,
  orderRoutes,
  draftRoutes,
  currentOrderRoutes,
  orderHistoryRoutes,
  orderFileRoutes,
  furnitureRoutes,
  staffRoutes,
  sunroomRoutes,
  configuratorSubmitRoutes,
  drawingRoutes,
  catalogueRoutes,
  imageRoutes,
  cartRoutes,
  definitionVersionRoutes,
  meRoutes,
];
