import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawingImage, Refusal, StoredOrder } from '../../src/contracts/index';
import { orders } from '../../src/server/db/schema';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  drawingImagesUrl,
  fixtureSunroom,
  request,
  submitSunroomUrl,
  waitForDrawings,
  writeFixtureDefinitions,
} from './sunroom-submit-support';

describe.each(apiDialects())('GET /api/ExampleImages/DrawingImages ($dialect)', ({ dialect, skipReason }) => {
  let server: TestServer;
  let definitionsDir: string;
  let lakesidePreview: string;

  beforeAll(async () => {
    if (skipReason) return;
    definitionsDir = await writeFixtureDefinitions();
    server = await startTestServer({ definitionsDir }, { dialect });
    const response = await request(server.baseUrl, 'POST', submitSunroomUrl(false), await server.tokenFor('lakeside'), {
      SunroomsData: fixtureSunroom(),
    });
    lakesidePreview = (response.body as StoredOrder).fileName;
  });
  afterAll(async () => {
    await server?.close();
    if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
  });

  it.skipIf(skipReason)('refuses a call without a token with 401', async () => {
    expect((await request(server.baseUrl, 'GET', drawingImagesUrl(lakesidePreview))).status).toBe(401);
  });

  it.skipIf(skipReason)("gives the dealer its own order's drawings as base64 PNGs, plan view first", async () => {
    const response = await waitForDrawings(server.baseUrl, await server.tokenFor('lakeside'), lakesidePreview);
    expect(response.status).toBe(200);
    const images = response.body as DrawingImage[];
    expect(images[0].fileName).toBe(`${lakesidePreview}-01-plan-view.png`);
    expect(images).toHaveLength(4);
    const png = Buffer.from(images[0].imageData, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(1100); // IHDR width: the sheet size
  });

  it.skipIf(skipReason)("answers 404 for another dealer's order, exactly as for an unknown one", async () => {
    await waitForDrawings(server.baseUrl, await server.tokenFor('lakeside'), lakesidePreview);
    const foreign = await request(
      server.baseUrl,
      'GET',
      drawingImagesUrl(lakesidePreview),
      await server.tokenFor('summit'),
    );
    expect(foreign.status).toBe(404);
    const unknown = await request(
      server.baseUrl,
      'GET',
      drawingImagesUrl('SUN-1002-20200101-000000-ZZZZ'),
      await server.tokenFor('summit'),
    );
    expect(unknown.status).toBe(404);
    expect(Object.keys(foreign.body as object).sort()).toEqual(Object.keys(unknown.body as object).sort());
    expect(JSON.stringify(foreign.body)).not.toContain('imageData');
  });

  it.skipIf(skipReason)('answers 404 while the drawings are not made yet', async () => {
    const fileName = 'SUN-1001-20200101-000000-WAIT';
    await server.app.db.insert(orders).values({
      dealerId: 1001,
      userId: 2001,
      formId: 'sunroom',
      fileName,
      status: 'initial',
      isOrdered: false,
      data: fixtureSunroom(),
    });
    const response = await request(
      server.baseUrl,
      'GET',
      drawingImagesUrl(fileName),
      await server.tokenFor('lakeside'),
    );
    expect(response.status).toBe(404);
    expect((response.body as Refusal).message).toMatch(/not ready/);
  });

  it.skipIf(skipReason)('answers 400 for names that could reach other files', async () => {
    const token = await server.tokenFor('lakeside');
    const raw = [
      '..',
      '%2E%2E',
      '%252E%252E',
      '..%2F..%2Fkeys',
      'a/b',
      'a%2Fb',
      'a%5Cb',
      'a%00b',
      '',
      '%20',
      `${lakesidePreview}.png`,
      '.hidden',
      'x'.repeat(300),
    ];
    for (const value of raw) {
      const response = await request(
        server.baseUrl,
        'GET',
        `/api/ExampleImages/DrawingImages?inputString=${value}`,
        token,
      );
      expect(response.status, value).toBe(400);
      expect((response.body as Refusal).message, value).toBeTruthy();
    }
    expect((await request(server.baseUrl, 'GET', '/api/ExampleImages/DrawingImages', token)).status).toBe(400);
  });
});
