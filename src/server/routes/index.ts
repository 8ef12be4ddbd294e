import type { FastifyInstance } from 'fastify';
import { dealerUserRoutes } from './api/dealer-user';
import { definitionRoutes } from './api/definitions';
import { draftRoutes } from './api/drafts';
import { engineeringRoutes } from './api/engineering';
import { geoRoutes } from './api/geo';
import { healthzRoutes } from './api/healthz';
import { orderRoutes } from './api/orders';
import { portalContentRoutes } from './api/portal-content';

/** Every /api route plugin, by area. Add one line here for a new area; the auth hook already covers it. */
export const apiRoutePlugins: ((app: FastifyInstance) => Promise<void>)[] = [
  healthzRoutes,
  dealerUserRoutes,
  portalContentRoutes,
  definitionRoutes, engineeringRoutes, geoRoutes, orderRoutes, draftRoutes,
];
