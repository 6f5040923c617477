import { z } from 'zod';

export const ZNotification = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({ notifications: z.array(ZNotification) });
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZMarkReadBody = z.object({ read: z.boolean({ error: 'read must be true or false' }) });
