import { findMemberRoomMedia, findOwnedMedia } from '@learnboost/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

const ZMediaParams = z.object({ name: z.string().min(1).max(255) });

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/media/:name', { schema: { params: ZMediaParams } }, async (req, reply) => {
    // A room card studied as one's own shows the room's images (issue 24), while one is a member.
    const file =
      (await findOwnedMedia(app.db, req.user.id, req.params.name)) ??
      (await findMemberRoomMedia(app.db, { userId: req.user.id, name: req.params.name }));
    // 404, not 403: never reveal that another learner has an image of that name
    if (!file) throw new AppError(404, 'Image not found');
    return (
      reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run script.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(Buffer.from(file.bytes))
    );
  });
};
