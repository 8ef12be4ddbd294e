import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

describe.each(routeTestDialects())('dealer data comes from the token only ($dialect)', ({ dialect }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const getAs = async (username: string, url: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('gives each dealer its own name', async () => {
    expect(await getAs('lakeside', '/api/DealerUserIDName/DealerName')).toEqual({ dealerName: 'Lakeside Sunrooms' });
    expect(await getAs('summit', '/api/DealerUserIDName/DealerName')).toEqual({ dealerName: 'Summit Patio Covers' });
    expect(await getAs('harbor', '/api/DealerUserIDName/DealerName')).toEqual({ dealerName: 'Harbor Home Exteriors' });
    expect(await getAs('temo.employee', '/api/DealerUserIDName/DealerName')).toEqual({ dealerName: 'TEMO Inc.' });
  });

  it('gives each dealer its own product line', async () => {
    expect(await getAs('lakeside', '/api/DealerUserIDName/GetProduct')).toEqual({ theProduct: 'SUNROOMS' });
    expect(await getAs('summit', '/api/DealerUserIDName/GetProduct')).toEqual({ theProduct: 'PATIO COVERS' });
  });

  it("lists only the dealer's own locations, as a map of id to name", async () => {
    expect(await getAs('lakeside', '/api/DealerUserIDName/locations')).toEqual({
      1: 'Lakeside Sunrooms - Madison',
      2: 'Lakeside Sunrooms - Milwaukee',
      3: 'Lakeside Sunrooms - Green Bay',
    });
    expect(await getAs('summit', '/api/DealerUserIDName/locations')).toEqual({});
  });

  it('ignores a dealer named in the query: the token decides', async () => {
    expect(await getAs('summit', '/api/DealerUserIDName/DealerName?dealerId=1001')).toEqual({
      dealerName: 'Summit Patio Covers',
    });
    expect(await getAs('summit', '/api/DealerUserIDName/locations?dealerId=1001')).toEqual({});
  });

  it("serves the disclaimer as the first spare part's manufacturingComment, several sentences long", async () => {
    const body = (await getAs('lakeside', '/api/SpareParts/PortalDisclaimer')) as {
      spareParts: { manufacturingComment: string }[];
    };
    const sentences = body.spareParts[0].manufacturingComment.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
  });

  it('serves the whole contact directory in the order of spec 1 §2, with the four regions', async () => {
    const body = (await getAs('summit', '/api/ContactList')) as {
      sections: {
        name: string;
        groups: { name: string | null; contacts: { name: string; email: string; phoneLabel?: string }[] }[];
      }[];
    };
    expect(body.sections.map((s) => s.name)).toEqual([
      'Production',
      'Shipping Department',
      'Design Center',
      'Sales Director',
      'Regional Consultants',
      'Finance',
      'Administrative Assistant',
      'Admin Support',
      'Marketing',
    ]);
    const regional = body.sections.find((s) => s.name === 'Regional Consultants');
    expect(regional?.groups.map((g) => g.name)).toEqual([
      '1 Northeast',
      '2 Southeast',
      '3 Great Lakes',
      '4 South Central',
    ]);
    for (const section of body.sections.filter((s) => s.name !== 'Regional Consultants')) {
      expect(section.groups.map((g) => g.name)).toEqual([null]);
    }
    const everyone = body.sections.flatMap((s) => s.groups.flatMap((g) => g.contacts));
    expect(everyone.every((c) => c.name && /@[\w.-]*example\.com$/.test(c.email))).toBe(true);
    expect(everyone.some((c) => c.phoneLabel)).toBe(true);
  });
});
