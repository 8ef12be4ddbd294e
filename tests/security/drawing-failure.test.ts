import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/contracts/index';
import { runOrdersCommand } from '../../scripts/orders';
import { orders } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/services/jobs/index';
import { drawingJobKind } from '../../src/server/services/drawings/index';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  drawingImagesUrl,
  fixtureSunroom,
  request,
  submitSunroomUrl,
  waitForDrawings,
  writeFixtureDefinitions,
} from '../api/sunroom-submit-support';

/** Polls DrawingImages until it stops saying 'pending' (or the time is up). */
async function waitWhilePending(baseUrl: string, token: string, fileName: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request(baseUrl, 'GET', drawingImagesUrl(fileName), token);
    if ((response.body as { drawingStatus?: string }).drawingStatus !== 'pending' || Date.now() > deadline)
      return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(routeTestDialects())(
  'drawings of text the SVG cannot hold, and a drawing job that fails for good ($dialect)',
  ({ dialect }) => {
    let server: TestServer;
    let definitionsDir: string;
    beforeAll(async () => {
      definitionsDir = await writeFixtureDefinitions();
      server = await startTestServer({ definitionsDir }, { dialect });
    });
    afterAll(async () => {
      await server?.close();
      if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
    });

    it('draws an order whose names hold control characters (escape, bell, U+FFFF) instead of failing it', async () => {
      const token = await server.tokenFor('lakeside');
      const data = fixtureSunroom({
        personalInfo: { firstName: 'Ann\u001b[31m\u0007', lastName: 'Baker\u0001\uFFFF', sender: 'Lena\u000b' },
      });
      const submitted = await request(server.baseUrl, 'POST', submitSunroomUrl(false), token, { SunroomsData: data });
      expect(submitted.status).toBe(201);
      const fileName = (submitted.body as StoredOrder).fileName;
      const drawings = await waitForDrawings(server.baseUrl, token, fileName);
      expect(drawings.status).toBe(200);
      expect((drawings.body as unknown[]).length).toBe(4);
    });

    it('tells the page (404 drawingStatus failed) and staff (API and `orders show`) when the drawing job gave up', async () => {
      const token = await server.tokenFor('lakeside');
      const fileName = 'SUN-1001-20200101-000000-FAIL';
      await server.app.db.insert(orders).values({
        dealerId: 1001,
        userId: 2001,
        formId: 'sunroom',
        fileName,
        status: 'initial',
        isOrdered: false,
        data: fixtureSunroom(),
      });
      // A file where the order's folder belongs: storing the drawings fails on the disk, every time.
      await mkdir(path.join(server.config.dataDir, 'files', 'dealers', '1001', 'orders'), { recursive: true });
      await writeFile(path.join(server.config.dataDir, 'files', 'dealers', '1001', 'orders', fileName), 'in the way');
      const before = await request(server.baseUrl, 'GET', drawingImagesUrl(fileName), token);
      expect(before.body).toMatchObject({
        drawingStatus: 'pending',
        message: `The drawings of ${fileName} are not ready yet`,
      });
      await enqueueJob(server.app.db, drawingJobKind, { dealerId: 1001, fileName }, { maxAttempts: 1 });

      const answer = await waitWhilePending(server.baseUrl, token, fileName);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        drawingStatus: 'failed',
        message: `The drawings of ${fileName} could not be made; please contact TEMO (the failure is recorded with the order)`,
      });

      const staff = await server.app.inject({
        method: 'GET',
        url: `/api/staff/orders/${fileName}`,
        headers: { authorization: `Bearer ${await server.tokenFor('temo.staff')}` },
      });
      expect(staff.statusCode).toBe(200);
      expect(staff.json()).toMatchObject({
        fileName,
        drawings: {
          status: 'failed',
          attempts: 1,
          maxAttempts: 1,
          lastError: expect.stringMatching(/ENOTDIR|EEXIST|not a directory/),
        },
      });

      const lines: string[] = [];
      const code = await runOrdersCommand(server.app.db, ['show', fileName], {
        out: (text) => lines.push(text),
        err: (text) => lines.push(text),
      });
      expect(code).toBe(0);
      expect(lines.join('\n')).toMatch(
        /drawings {5}FAILED for good after attempt 1 of 1 \(.+\): .*(ENOTDIR|EEXIST|not a directory)/,
      );
    });
  },
);
