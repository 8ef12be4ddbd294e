/** File storage for the server: `app.storage.forDealer(id)`; a directory under DATA_DIR/files for now. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDirectoryStorage } from './directory-storage';
import type { FileStorage } from './file-storage';

export { createDirectoryStorage } from './directory-storage';
export { assertSafeFileKey, isSafeFileKey, UnsafeFileKeyError, type DealerFiles, type FileStorage } from './file-storage';

/** Decorates `app.storage` (the directory back end under DATA_DIR/files; Azure Blob Storage arrives with issue 5). */
export function registerStorage(app: FastifyInstance, storage: FileStorage = createDirectoryStorage(path.join(app.config.dataDir, 'files'))): void {
  app.decorate('storage', storage);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Files by dealer (decorated by buildApp through registerStorage). */
    storage: FileStorage;
  }
}
