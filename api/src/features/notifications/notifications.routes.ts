import { listNotifications, markAllNotificationsRead, type NotificationRow, setNotificationRead } from '@learnboost/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type TNotification, ZIdParams, ZMarkReadBody, ZNotification, ZNotificationList } from '../../contract';
import { AppError } from '../../lib/errors';
import { syncReminders } from './reminders';

const toDto = (n: NotificationRow): TNotification => ({
  id: n.id,
  title: n.title,
  message: n.message,
  read: n.read,
  createdAt: n.createdAt.toISOString(),
});

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/notifications', { schema: { response: { 200: ZNotificationList } } }, async (req) => {
    await syncReminders(app.db, req.user.id, req.user.timeZone);
    return { notifications: (await listNotifications(app.db, req.user.id)).map(toDto) };
  });

  app.patch(
    '/notifications/:id',
    { schema: { params: ZIdParams, body: ZMarkReadBody, response: { 200: ZNotification } } },
    async (req) => {
      const row = await setNotificationRead(app.db, req.user.id, req.params.id, req.body.read);
      if (!row) throw new AppError(404, 'Notification not found');
      return toDto(row);
    },
  );

  app.post('/notifications/read-all', { schema: { response: { 204: z.null() } } }, async (req, reply) => {
    await markAllNotificationsRead(app.db, req.user.id);
    return reply.code(204).send(null);
  });
};
