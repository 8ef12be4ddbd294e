/**
 * Issue 15: a demo database seeded before one picture per item gets it on its next start: its doors, transoms and sash
 * move to their own image ids and the generated pictures stored for demo parts are dropped (drawn again in their
 * colour on the next request); pictures of rows that are not demo rows stay.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshDemoPictures } from '../../src/server/db/seed-demo-catalogue';
import { catalogueParts, productImages } from '../../src/server/db/schema';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

describe.each(apiDialects())('demo pictures redrawn once ($dialect)', ({ dialect, skipReason }) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    if (skipReason) return;
    server = await startTestServer({}, { dialect });
    token = await server.tokenFor('lakeside');
  });
  afterAll(async () => server?.close());

  async function picture(imageId: string): Promise<{ ImageContent: string; ContentType: string }> {
    const response = await fetch(`${server.baseUrl}/api/SpareParts/GetImage?imageId=${encodeURIComponent(imageId)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, imageId).toBe(200);
    return (await response.json()) as { ImageContent: string; ContentType: string };
  }

  it.skipIf(skipReason)('a freshly seeded catalogue has nothing to redo', async () => {
    expect(await refreshDemoPictures(server.app.db)).toBe(0);
  });

  it.skipIf(skipReason)(
    'moves doors that shared one picture to their own and drops stored demo pictures, keeping other pictures',
    async () => {
      const { db } = server.app;
      const doors = await db
        .select({ partNumber: catalogueParts.partNumber, imageId: catalogueParts.imageId, color: catalogueParts.color })
        .from(catalogueParts)
        .where(and(eq(catalogueParts.catalogue, 'door'), eq(catalogueParts.size, '36x80')))
        .limit(3);
      const [white, bronze] = [doors.find((d) => d.color === 'WHITE')!, doors.find((d) => d.color === 'BRONZE')!];
      expect(white.imageId).not.toBe(bronze.imageId);
      // As seeded before: one image id for every colour of a door, its picture (and a spare part's) already stored.
      const oldId = 'IMG-DR-2IN-36x80-IN';
      await db
        .update(catalogueParts)
        .set({ imageId: oldId })
        .where(sql`${catalogueParts.partNumber} in (${white.partNumber}, ${bronze.partNumber})`);
      const [spare] = await db
        .select({ imageId: catalogueParts.imageId })
        .from(catalogueParts)
        .where(eq(catalogueParts.catalogue, 'spare-parts'))
        .limit(1);
      const stale = await picture(spare!.imageId!);
      await db
        .update(productImages)
        .set({ contentBase64: Buffer.from('stale').toString('base64') })
        .where(eq(productImages.imageId, spare!.imageId!));
      await db
        .insert(productImages)
        .values({ imageId: 'PHOTO-OWN-1', contentType: 'image/png', contentBase64: 'AA==' });

      expect(await refreshDemoPictures(db)).toBe(2);
      const after = await db
        .select({ partNumber: catalogueParts.partNumber, imageId: catalogueParts.imageId })
        .from(catalogueParts)
        .where(sql`${catalogueParts.partNumber} in (${white.partNumber}, ${bronze.partNumber})`);
      expect(Object.fromEntries(after.map((row) => [row.partNumber, row.imageId]))).toEqual({
        [white.partNumber]: white.imageId,
        [bronze.partNumber]: bronze.imageId,
      });
      // The spare part's picture is drawn again (not the stale bytes), the manufacturer's own picture is kept.
      expect((await picture(spare!.imageId!)).ImageContent).toBe(stale.ImageContent);
      const kept = await db.select().from(productImages).where(eq(productImages.imageId, 'PHOTO-OWN-1'));
      expect(kept).toHaveLength(1);
      expect(await refreshDemoPictures(db)).toBe(0);
    },
  );
});
