import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROOM_MEDIA_MAX_BYTES, ZRoomMedia, ZRoomMediaParams, ZRoomParams } from '../../contract';
import { AppError } from '../../lib/errors';
import { MEDIA_NOT_AN_IMAGE, MEDIA_TOO_LARGE, roomMediaFile, uploadRoomMedia } from './room-media.service';

// Room media (issue 24): POST the image's bytes as the body (Content-Type image/…); GET it back.

export const roomMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // The image as raw bytes, in this plugin only; what it is, is read from the bytes themselves.
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: ROOM_MEDIA_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/group-learning/:roomId/media',
    {
      bodyLimit: ROOM_MEDIA_MAX_BYTES,
      schema: { params: ZRoomParams, response: { 201: ZRoomMedia } },
      errorHandler: (err) => {
        // Fastify's own refusals, in the room's words (the app's handler answers them).
        if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, MEDIA_TOO_LARGE);
        if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError(415, MEDIA_NOT_AN_IMAGE);
        throw err;
      },
    },
    async (req, reply) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new AppError(415, MEDIA_NOT_AN_IMAGE);
      const saved = await uploadRoomMedia({
        db: app.db,
        userId: req.user.id,
        roomId: req.params.roomId,
        bytes: new Uint8Array(req.body),
      });
      return reply.code(201).send(saved);
    },
  );

  app.get('/group-learning/:roomId/media/:name', { schema: { params: ZRoomMediaParams } }, async (req, reply) => {
    const file = await roomMediaFile({ db: app.db, userId: req.user.id, ...req.params });
    return reply
      .type(file.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(Buffer.from(file.bytes));
  });
};
