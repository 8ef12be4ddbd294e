import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import type { DefinitionRegistry } from '../definition-registry';
import { submitPipelinePlugin } from './index';

/** Stand-ins for the plugins the pipeline names (they only need the right names). */
const stub = (name: string, decorate: (app: ReturnType<typeof Fastify>) => void) =>
  fp(async (app) => decorate(app), { name });
const definitions: DefinitionRegistry = { forms: () => [], get: () => undefined };

describe('submitPipelinePlugin', () => {
  it('refuses to load without the plugins it names (database, definitions, jobs)', async () => {
    const app = Fastify({ logger: false });
    await app.register(stub('definitions', (a) => a.decorate('definitions', definitions)));
    await expect(app.register(submitPipelinePlugin)).rejects.toThrow(/database|jobs/);
    await app.close();
  });

  it('decorates app.submitPipeline once they are registered; a form without a definition is unknown-form', async () => {
    const app = Fastify({ logger: false });
    await app.register(stub('definitions', (a) => a.decorate('definitions', definitions)));
    await app.register(stub('database', () => {}));
    await app.register(stub('jobs', () => {}));
    await app.register(submitPipelinePlugin);
    const principal = { userId: 1, dealerId: 1, username: 'u', displayName: 'U', roles: [], isEmployee: false };
    const outcome = await app.submitPipeline.submit(undefined as never, {
      form: 'nope',
      data: {},
      dataField: 'body',
      principal,
    });
    expect(outcome).toEqual({ kind: 'unknown-form', form: 'nope' });
    await app.close();
  });
});
