import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ContactListAnswer, PortalDisclaimerAnswer } from '../../../contracts/dealer';
import { listContactSections, listPortalNotices } from '../../repositories/portal-content-repository';

/** The welcome page's disclaimer (spec 1 §7) and the contact directory (spec 1 §2; the path is ours). */
export async function portalContentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/SpareParts/PortalDisclaimer', { schema: { response: { 200: PortalDisclaimerAnswer } } }, async () => ({
    spareParts: await listPortalNotices(app.db),
  }));

  api.get('/api/ContactList', { schema: { response: { 200: ContactListAnswer } } }, async () => ({
    sections: await listContactSections(app.db),
  }));
}
