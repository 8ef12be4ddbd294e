/** Spec 2 §7: POST /api/OrderingSunrooms/SubmitSunroom?isOrdered=true|false with {SunroomsData}. */
import type { FastifyInstance } from 'fastify';
import { deriveSunroomForm } from '../../services/configurator-submit/index';
import { registerConfiguratorSubmitRoute } from './configurator-submit';

/** One page serves three definitions; deriveSunroomForm says which checks the body (Impact style, screen-room type, else sunroom). */
export async function sunroomRoutes(app: FastifyInstance): Promise<void> {
  registerConfiguratorSubmitRoute(app, {
    url: '/api/OrderingSunrooms/SubmitSunroom',
    dataField: 'SunroomsData',
    family: 'sunrooms',
    formsOfPage: ['sunroom', 'screenroom', 'impact'],
    resolveForm: deriveSunroomForm,
  });
}
