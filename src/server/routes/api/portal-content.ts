import type { FastifyInstance } from 'fastify';
import { listContactSections, listPortalNotices } from '../../repositories/portal-content-repository';

const contactSchema = {
  type: 'object',
  required: ['name', 'title', 'phone', 'email'],
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    phone: { type: 'string' },
    email: { type: 'string' },
    phoneLabel: { type: 'string' },
  },
} as const;

/** The welcome page's disclaimer (spec 1 §7) and the contact directory (spec 1 §2; the path is ours). */
export async function portalContentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/SpareParts/PortalDisclaimer',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['spareParts'],
            properties: {
              spareParts: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['manufacturingComment'],
                  properties: { manufacturingComment: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    async () => ({ spareParts: await listPortalNotices(app.db) }),
  );

  app.get(
    '/api/ContactList',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['sections'],
            properties: {
              sections: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'groups'],
                  properties: {
                    name: { type: 'string' },
                    groups: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['name', 'contacts'],
                        properties: {
                          name: { type: ['string', 'null'] },
                          contacts: { type: 'array', items: contactSchema },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => ({ sections: await listContactSections(app.db) }),
  );
}
