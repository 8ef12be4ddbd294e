/** File storage for the server: `app.storage.forDealer(id)`; a directory under DATA_DIR/files, or Azure Blob Storage. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { createAzureBlobStorage } from './azure-blob-storage';
import { createDirectoryStorage } from './directory-storage';
import type { FileStorage } from './file-storage';

export { createAzureBlobStorage } from './azure-blob-storage';
export { createDirectoryStorage } from './directory-storage';
export { assertSafeFileKey, isSafeFileKey, UnsafeFileKeyError, type DealerFiles, type FileStorage, type StorageHealth } from './file-storage';
export { isStorageFull } from './storage-errors';

/** The configured back end: Azure Blob Storage when AZURE_STORAGE_* are set, else the directory DATA_DIR/files. */
export function createConfiguredStorage(config: AppConfig): FileStorage {
  if (config.azureStorage) return createAzureBlobStorage(config.azureStorage);
  return createDirectoryStorage(path.join(config.dataDir, 'files'));
}

/** Decorates `app.storage` with the configured back end (or the one given). */
export function registerStorage(app: FastifyInstance, storage: FileStorage = createConfiguredStorage(app.config)): void {
  app.decorate('storage', storage);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Files by dealer (decorated by buildApp through registerStorage). */
    storage: FileStorage;
  }
}
