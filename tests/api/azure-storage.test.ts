import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import {
  createAzureBlobStorage,
  createConfiguredStorage,
  UnsafeFileKeyError,
} from '../../src/server/services/storage/index';
import { azuriteMain, startAzurite, type Azurite } from '../support/azurite';
import { startTestServer, type TestServer } from '../support/test-server';

describe.skipIf(!existsSync(azuriteMain))('Azure Blob Storage (against Azurite)', () => {
  let azurite: Azurite;
  beforeAll(async () => {
    azurite = await startAzurite();
  }, 60_000);
  afterAll(async () => azurite?.stop());

  it("puts, gets, lists and deletes one dealer's files, creating the container on first use", async () => {
    const storage = createAzureBlobStorage({ connectionString: azurite.connectionString, container: 'round-trip' });
    const files = storage.forDealer(1001);
    expect(await files.list('orders/A-1/')).toEqual([]);
    await files.put('orders/A-1/A-1.txt', Buffer.from('hello'), 'text/plain; charset=utf-8');
    await files.put('orders/A-1/pdfs/A-1-order-summary.pdf', Buffer.from('%PDF-1.3 x'), 'application/pdf');
    await files.put('orders/A-10/A-10.txt', Buffer.from('other order'));
    expect((await files.get('orders/A-1/A-1.txt'))?.toString()).toBe('hello');
    expect(await files.list('orders/A-1/')).toEqual(['orders/A-1/A-1.txt', 'orders/A-1/pdfs/A-1-order-summary.pdf']);
    expect(await files.list('orders/A-1')).toEqual(['orders/A-1/A-1.txt', 'orders/A-1/pdfs/A-1-order-summary.pdf']);
    const properties = await storage.containerClient
      .getBlobClient('dealers/1001/orders/A-1/pdfs/A-1-order-summary.pdf')
      .getProperties();
    expect(properties.contentType).toBe('application/pdf');

    await files.put('orders/A-1/A-1.txt', Buffer.from('replaced'));
    expect((await files.get('orders/A-1/A-1.txt'))?.toString()).toBe('replaced');
    await files.delete('orders/A-1/A-1.txt');
    await files.delete('orders/A-1/A-1.txt'); // already gone: no error
    expect(await files.get('orders/A-1/A-1.txt')).toBeUndefined();
    expect(await files.list('orders/A-1/')).toEqual(['orders/A-1/pdfs/A-1-order-summary.pdf']);
  });

  it('keeps dealers apart and refuses unsafe keys before any request', async () => {
    const storage = createAzureBlobStorage({ connectionString: azurite.connectionString, container: 'isolation' });
    await storage.forDealer(1001).put('orders/X/secret.txt', Buffer.from('lakeside only'));
    expect(await storage.forDealer(1002).get('orders/X/secret.txt')).toBeUndefined();
    expect(await storage.forDealer(1002).list('orders/')).toEqual([]);
    for (const key of ['../1002/orders/X/secret.txt', 'orders/../../x', '/etc/passwd', 'a\\b', 'a\0b', '']) {
      await expect(storage.forDealer(1001).get(key), key).rejects.toBeInstanceOf(UnsafeFileKeyError);
    }
    expect(() => storage.forDealer(0)).toThrow();
  });

  it('is chosen by AZURE_STORAGE_CONNECTION_STRING with AZURE_STORAGE_CONTAINER, and refuses one without the other', () => {
    const config = loadConfig({
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      AZURE_STORAGE_CONTAINER: 'portal-files',
    });
    expect(config.azureStorage).toEqual({ connectionString: azurite.connectionString, container: 'portal-files' });
    expect('containerClient' in createConfiguredStorage(config)).toBe(true);
    expect('containerClient' in createConfiguredStorage(loadConfig({}))).toBe(false);
    expect(() => loadConfig({ AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString })).toThrow(/go together/);
    expect(() => loadConfig({ AZURE_STORAGE_CONNECTION_STRING: 'x', AZURE_STORAGE_CONTAINER: 'Bad_Name' })).toThrow(
      /AZURE_STORAGE_CONTAINER must be/,
    );
  });

  describe('the API with files in Azure', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        azureStorage: { connectionString: azurite.connectionString, container: 'portal-files' },
      });
    });
    afterAll(async () => server?.close());

    it("makes a processed order's PDFs into the container and serves them from there", async () => {
      const headers = { authorization: `Bearer ${await server.tokenFor('lakeside')}` };
      const { processedData } = (await server.app.inject({ url: '/api/SQLThings/ProcessedData', headers })).json() as {
        processedData: { folderName: string; fileName: string }[];
      };
      const order = processedData[0];
      const list = await server.app.inject({
        url: `/api/TxtThings/pdf/?folderName=${order.folderName}&fileNames=${order.fileName}`,
        headers,
      });
      expect(list.statusCode, list.body).toBe(200);
      const names = list.json() as string[];
      expect(names).toContain(`${order.fileName}-order-summary.pdf`);

      const container = createAzureBlobStorage({
        connectionString: azurite.connectionString,
        container: 'portal-files',
      }).containerClient;
      const blob = container.getBlobClient(
        `dealers/1001/orders/${order.fileName}/pdfs/${order.fileName}-order-summary.pdf`,
      );
      expect(await blob.exists()).toBe(true);
      // Served from the container: replace the blob and the API answers with the new bytes.
      const marker = Buffer.from('%PDF-1.3\n% stored in Azure\n%%EOF\n');
      await container
        .getBlockBlobClient(`dealers/1001/orders/${order.fileName}/pdfs/${order.fileName}-order-summary.pdf`)
        .uploadData(marker);
      const pdf = await server.app.inject({
        url: `/api/TxtThings/pdf/${order.fileName}/${order.fileName}-order-summary.pdf?folderName=${order.folderName}`,
        headers,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.equals(marker)).toBe(true);
      expect(existsSync(path.join(server.config.dataDir, 'files'))).toBe(false);

      // Another dealer still reads nothing of it.
      const summit = { authorization: `Bearer ${await server.tokenFor('summit')}` };
      expect(
        (
          await server.app.inject({
            url: `/api/TxtThings/pdf/${order.fileName}/${order.fileName}-order-summary.pdf?folderName=${order.folderName}`,
            headers: summit,
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
