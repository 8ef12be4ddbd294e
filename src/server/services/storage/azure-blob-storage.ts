/** FileStorage on Azure Blob Storage: one container, blobs named `dealers/<dealerId>/<key>` (same layout as the directory). */
import { BlobServiceClient, type ContainerClient } from '@azure/storage-blob';
import { assertSafeFileKey, type DealerFiles, type FileStorage } from './file-storage';

export interface AzureBlobStorageOptions {
  connectionString: string;
  container: string;
}

function isNotFound(error: unknown): boolean {
  return (error as { statusCode?: number } | undefined)?.statusCode === 404;
}

/**
 * Files in an Azure Blob Storage container (or Azurite). The container is created on first use when missing.
 * A block blob upload is a single request, so a reader never sees half a file.
 */
export function createAzureBlobStorage(
  options: AzureBlobStorageOptions,
): FileStorage & { containerClient: ContainerClient } {
  const containerClient = BlobServiceClient.fromConnectionString(options.connectionString).getContainerClient(
    options.container,
  );
  let ready: Promise<unknown> | undefined;
  const ensureContainer = async () => {
    ready ??= containerClient.createIfNotExists().catch((error: unknown) => {
      ready = undefined; // try again on the next call rather than failing forever
      throw error;
    });
    await ready;
  };
  return {
    containerClient,
    async health() {
      try {
        await ensureContainer();
        return { status: 'up' };
      } catch (error) {
        return { status: 'down', problem: `Azure Blob Storage: ${(error as Error).message.split('\n', 1)[0]}` };
      }
    },
    forDealer(dealerId: number): DealerFiles {
      if (!Number.isSafeInteger(dealerId) || dealerId <= 0) throw new Error(`Invalid dealer id ${dealerId}`);
      const root = `dealers/${dealerId}/`;
      return {
        async put(key, bytes, contentType) {
          assertSafeFileKey(key);
          await ensureContainer();
          await containerClient.getBlockBlobClient(`${root}${key}`).uploadData(bytes, {
            blobHTTPHeaders: contentType ? { blobContentType: contentType } : undefined,
          });
        },
        async get(key) {
          assertSafeFileKey(key);
          await ensureContainer();
          try {
            return await containerClient.getBlobClient(`${root}${key}`).downloadToBuffer();
          } catch (error) {
            if (isNotFound(error)) return undefined;
            throw error;
          }
        },
        async list(prefix) {
          assertSafeFileKey(prefix, { allowTrailingSlash: true });
          await ensureContainer();
          const folder = `${root}${prefix.endsWith('/') ? prefix : `${prefix}/`}`;
          const keys: string[] = [];
          for await (const blob of containerClient.listBlobsFlat({ prefix: folder }))
            keys.push(blob.name.slice(root.length));
          return keys.sort();
        },
        async delete(key) {
          assertSafeFileKey(key);
          await ensureContainer();
          await containerClient.getBlobClient(`${root}${key}`).deleteIfExists();
        },
      };
    },
  };
}
