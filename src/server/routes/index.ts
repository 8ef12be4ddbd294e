import type { FastifyInstance } from 'fastify';
import { dealerUserRoutes } from './api/dealer-user';
import { healthzRoutes } from './api/healthz';
import { portalContentRoutes } from './api/portal-content';

/** Every /api route plugin, by area. Add one line here for a new area; the auth hook already covers it. */
export const apiRoutePlugins: ((app: FastifyInstance) => Promise<void>)[] = [
  healthzRoutes,
  dealerUserRoutes,
  portalContentRoutes,
];
