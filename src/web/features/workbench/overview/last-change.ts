import type { Version } from '../../../../contracts/definition-versions';
import { formOfPath } from '../tree-paths';

/**
 * The newest version that may have changed the form: a publish whose changed paths touch the form's own files or a
 * shared piece, or any
 * deployment or rollback (they replace the whole tree). Versions newest first; `changedPaths` from the publish audit.
 */
export function lastChangeOf(
  form: string,
  versions: Version[],
  changedPaths: Map<number, string[]>,
): Version | undefined {
  return versions.find((version) => {
    if (version.source !== 'publish') return true;
    const paths = changedPaths.get(version.id);
    // A shared piece (prices, walls) may be included by any form: it counts for each.
    return paths === undefined || paths.some((path) => [form, undefined].includes(formOfPath(path)));
  });
}
