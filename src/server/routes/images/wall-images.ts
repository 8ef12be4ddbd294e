import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../../contracts/common';
import { WallImageParams } from '../../../contracts/images';
import { MediaAnswer } from '../../../contracts/schema-helpers';
import { isWallImageFolder, parseWallCode, renderWallSvg } from '../../services/wall-images';

const folderPattern = /^[A-Za-z]{1,30}$/;
const filePattern = /^([A-Z0-9-]{3,12})\.svg$/;
const rendered = new Map<string, string>();

/**
 * GET /images/walls/{folder}/{code}.svg: the picture of a wall code (spec 2 §2.3: public storage, no token).
 * Malformed folder or code -> 400 with reasons; an unknown folder -> 404. Pictures never change for a code, so
 * browsers keep them a day.
 */
export async function wallImageRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/images/walls/:folder/:file',
    {
      config: { isPublic: true },
      schema: {
        params: WallImageParams,
        response: { 200: MediaAnswer('image/svg+xml', 'the wall picture'), 400: Refusal, 404: Refusal },
      },
    },
    async (request, reply) => {
      const { folder, file } = request.params;
      const reasons: string[] = [];
      if (!folderPattern.test(folder)) reasons.push('folder: letters only, at most 30');
      const code = filePattern.exec(file)?.[1];
      if (!code) reasons.push('file: a wall code of capitals, digits and dashes followed by .svg');
      const parsed = code ? parseWallCode(code) : null;
      if (code && !parsed) reasons.push(`file: ${code} is not a wall code of the catalogues`);
      if (reasons.length > 0 || !parsed)
        return reply.code(400).send({ message: 'Invalid wall image request', reasons });
      if (!isWallImageFolder(folder)) return reply.code(404).send({ message: `No wall image folder ${folder}` });
      let svg = rendered.get(parsed.code);
      if (!svg) rendered.set(parsed.code, (svg = renderWallSvg(parsed)));
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
}
