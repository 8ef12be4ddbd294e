/** Spec 2 §7: POST /api/OrderingSunrooms/SubmitSunroom?isOrdered=true|false&form=<form> with {SunroomsData}. */
import type { FastifyInstance } from 'fastify';
import { registerConfiguratorSubmitRoute } from './configurator-submit';

/** One call for the three sunroom pages: each sends the form it ran (`form=sunroom|screenroom|impact`; none = sunroom). */
export async function sunroomRoutes(app: FastifyInstance): Promise<void> {
  registerConfiguratorSubmitRoute(app, {
    url: '/api/OrderingSunrooms/SubmitSunroom',
    dataField: 'SunroomsData',
    forms: ['sunroom', 'screenroom', 'impact'],
  });
}
