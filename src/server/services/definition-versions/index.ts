/** Definitions as versioned data (issue 12): see service.ts. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serverBuildId } from '../../build-id';
import type { Database } from '../../db/database';
import { createDefinitionWork } from '../definition-work/index';
import { checkedDeployedTreeFile } from './checked-deployed-tree';
import { DefinitionVersions } from './service';
import { startPublishedWatcher } from './published-watcher';
import { goldenDirFor } from './tree';

/** The version check's interval (PGlite, and PostgreSQL when a notification was missed). */
export const publishedPollMs = 3000;

export { DefinitionVersions, definitionsRole, publisherRole, deploymentAuthor } from './service';
export type { PublishedState, DraftView, DraftOutcome, PublishOutcome, VersionView, EditConflict } from './service';
export { diffTrees, formatDiff, type TreeDiff } from './diff';
export { goldenDirFor, readTreeFromDisk, treeHashOf, type TreeFiles, type Manifest } from './tree';

/**
 * Before the database opens: reads and checks the deployed tree (definitions/ and tests/golden/ beside it); throws
 * BrokenDefinitionsError (the server refuses to start) when it has errors.
 */
export async function checkDeployedDefinitions(app: FastifyInstance): Promise<DefinitionVersions> {
  // A built server (npm run build) remembers the tree that passed, so its restarts on that tree only compile it.
  const checked = serverBuildId
    ? checkedDeployedTreeFile(path.join(app.config.dataDir, 'definitions-checked.json'), serverBuildId)
    : undefined;
  const versions = new DefinitionVersions(
    { definitionsDir: app.config.definitionsDir, goldenDir: goldenDirFor(app.config.definitionsDir) },
    app.log,
    true,
    checked,
    createDefinitionWork(app.config.definitionWork), // threads start on the first draft check
  );
  await versions.checkDeployed();
  return versions;
}

/**
 * At start-up: imports the deployed tree when it is new, loads the published version, and decorates
 * `app.definitionVersions` (the service) and `app.definitions` (the published version as a DefinitionRegistry).
 */
export async function startDefinitionVersions(
  app: FastifyInstance,
  db: Database,
  versions: DefinitionVersions,
): Promise<DefinitionVersions> {
  const started = await versions.start(db);
  app.log.info(
    {
      version: started.published.versionId,
      treeHash: started.published.treeHash,
      imported: started.imported?.id ?? null,
      ms: started.importMs,
    },
    'definitions version published',
  );
  app.decorate('definitionVersions', versions);
  app.decorate('definitions', versions.registry());
  return versions;
}

/** Decorates `app.definitionVersions` and `app.definitions` (the published version) once the database is open. */
export const definitionsPlugin = fp(
  async (app: FastifyInstance, options: { deployed: DefinitionVersions }) => {
    const versions = await startDefinitionVersions(app, app.db, options.deployed);
    // Another server's (or the CLI's) publish is served here within seconds, without a request asking first.
    const watcher = startPublishedWatcher({
      databaseUrl: app.config.databaseUrl,
      pollMs: publishedPollMs,
      reconnectMs: 1000,
      follow: () => versions.followPublished(),
      log: app.log,
    });
    app.addHook('onClose', async () => watcher.stop()); // before the database's own onClose (hooks run last first)
  },
  { name: 'definitions', dependencies: ['database'], decorators: { fastify: ['config', 'db'] } },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Definition versions, drafts, publish and rollback (decorated by buildApp). */
    definitionVersions: DefinitionVersions;
  }
}
