/**
 * A worker thread's file contents by hash: what the pool sent it, kept while one of the last few trees it worked on
 * reads them (a one-file edit then sends one file, not the tree). Dropped contents are asked for again.
 */
import type { Manifest, TreeFiles } from '../definition-versions/tree';

/** Trees whose contents stay (a published version, a few drafts, an impact analysis's two trees). */
const KEPT_TREES = 6;

export class ContentStore {
  private readonly contents = new Map<string, string>();
  private recent: Manifest[] = [];

  add(entries: [string, string][]): void {
    for (const [hash, text] of entries) this.contents.set(hash, text);
  }

  /** Hashes the manifests name that the store lacks. */
  missing(manifests: Manifest[]): string[] {
    const lacking = new Set<string>();
    for (const manifest of manifests)
      for (const hash of Object.values(manifest)) if (!this.contents.has(hash)) lacking.add(hash);
    return [...lacking];
  }

  treeOf(manifest: Manifest): TreeFiles {
    return { manifest, contents: this.contents };
  }

  /** After a task: its trees become the newest, and contents no kept tree reads are dropped. */
  keep(manifests: Manifest[]): void {
    this.recent = [...manifests, ...this.recent.filter((m) => !manifests.includes(m))].slice(0, KEPT_TREES);
    const read = new Set(this.recent.flatMap((manifest) => Object.values(manifest)));
    for (const hash of this.contents.keys()) if (!read.has(hash)) this.contents.delete(hash);
  }

  get size(): number {
    return this.contents.size;
  }
}
