/**
 * Which compiled definition reads a stored order (who it is for, who sent it, its job name, where it ships): the one
 * place that decides it for the order lists, the staff API and `npm run orders`. Lists read every order with the
 * published version (where an answer lives changes rarely; compiling each order's pinned version would cost seconds a
 * list), while an order's own files use its pinned version (`app.definitionVersions.definitionOfOrder`). Undefined
 * when the form is no longer served.
 */
import type { Database } from '../../db/database';
import type { DefinitionRegistry } from '../definition-registry';
import { DefinitionVersions } from '../definition-versions/service';
import { goldenDirFor } from '../definition-versions/tree';
import type { DefinitionForOrder } from './lifecycle-rules';

/** In the server: the published version it serves (`app.definitions`). */
export function publishedDefinitionFor(definitions: DefinitionRegistry): DefinitionForOrder<{ formId: string }> {
  return (order) => definitions.get(order.formId)?.compiled;
}

/**
 * Without a running server (the admin command): the published version read from the database, compiled on first use
 * (the deployed tree on disk is never read: `definitionsDir` is only the service's bookkeeping).
 */
export function storedPublishedDefinitionFor(
  db: Database,
  definitionsDir = 'definitions',
): DefinitionForOrder<{ formId: string }> {
  let versions: DefinitionVersions | undefined;
  let pointer: Promise<{ versionId: number } | undefined> | undefined;
  return async (order) => {
    versions ??= new DefinitionVersions(
      { definitionsDir, goldenDir: goldenDirFor(definitionsDir) },
      undefined,
      false,
    ).attach(db);
    pointer ??= versions.publishedPointer();
    const published = await pointer;
    return published ? (await versions.compiledDefinitionAt(order.formId, published.versionId))?.compiled : undefined;
  };
}
