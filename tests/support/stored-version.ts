/**
 * A definitions version stored straight into the database, as an earlier build would have published it: none of this
 * build's checks run. For tests of versions that fail checks added since (issue 43, point 4).
 */
import type { Rule } from '../../src/engine/index';
import {
  insertVersion,
  lockVersions,
  setPublished,
  storeTree,
} from '../../src/server/services/definition-versions/store';
import { sha256 } from '../../src/server/services/definition-versions/tree';
import type { TestServer } from './test-server';

/** Stores the published version's content with `rule` added to `form`'s rules.json, published; answers its id. */
export async function publishVersionWithRule(server: TestServer, form: string, rule: Rule): Promise<number> {
  const versions = server.app.definitionVersions;
  const published = (await versions.publishedPointer())!;
  const tree = (await versions.versionTree(published.versionId))!;
  const rulesPath = `definitions/${form}/rules.json`;
  const rules = JSON.parse(tree.contents.get(tree.manifest[rulesPath])!) as { rules: Rule[] };
  rules.rules.push(rule);
  const text = `${JSON.stringify(rules, null, 2)}\n`;
  const hash = sha256(text);
  const contents = new Map(tree.contents).set(hash, text);
  const id = await server.app.db.transaction(async (tx) => {
    await lockVersions(tx);
    const treeHash = await storeTree(tx, { manifest: { ...tree.manifest, [rulesPath]: hash }, contents });
    const version = await insertVersion(tx, {
      treeHash,
      parentId: published.versionId,
      author: 'temo.staff',
      note: `published before this build's checks: ${rule.id}`,
      source: 'publish',
      fromDraftId: null,
      rolledBackTo: null,
    });
    await setPublished(tx, version.id, 'temo.staff');
    return version.id;
  });
  await versions.followPublished();
  return id;
}

/** Three nested loops over lists as many items long as the answer at `path`: 700 is 343 million items of work. */
export function cubicRule(id: string, path: string): Rule {
  const count = { var: path };
  const sum = (list: unknown, body: unknown) => ({ reduce: [list, { '+': [{ var: 'accumulator' }, body] }, 0] });
  return {
    kind: 'validate',
    id,
    path,
    test: {
      '>=': [
        sum(
          { fill: [count, { fill: [count, { fill: [count, 1] }] }] },
          sum({ var: 'current' }, sum({ var: 'current' }, { var: 'current' })),
        ),
        0,
      ],
    },
    message: `${path} check failed`,
  } as Rule;
}
