/** File storage for the server: `app.storage.forDealer(id)`; a directory under DATA_DIR/files, or Azure Blob Storage. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createAzureBlobStorage } from './azure-blob-storage';
import { createDirectoryStorage, removePartialFiles } from './directory-storage';
import type { FileStorage } from './file-storage';

export { createAzureBlobStorage } from './azure-blob-storage';
export { createDirectoryStorage } from './directory-storage';
export {
  assertSafeFileKey,
  isSafeFileKey,
  UnsafeFileKeyError,
  type DealerFiles,
  type FileStorage,
  type StorageHealth,
} from './file-storage';
export { isStorageFull } from './storage-errors';

/** The configured back end: Azure Blob Storage when AZURE_STORAGE_* are set, else the directory DATA_DIR/files. */
export function createConfiguredStorage(config: AppConfig): FileStorage {
  if (config.azureStorage) return createAzureBlobStorage(config.azureStorage);
  return createDirectoryStorage(path.join(config.dataDir, 'files'));
}

/**
 * Decorates `app.storage` with the configured back end; the directory back end first deletes the `.partial` files a
 * process killed mid-write left behind.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storage', createConfiguredStorage(app.config));
    if (app.config.azureStorage) return;
    const removed = await removePartialFiles(path.join(app.config.dataDir, 'files'));
    if (removed) app.log.info({ removed }, 'removed half-written .partial files');
  },
  { name: 'storage', decorators: { fastify: ['config'] } },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Files by dealer (the `storage` plugin). */
    storage: FileStorage;
  }
}
