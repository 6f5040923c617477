import {
  exportLearnerData,
  findUserById,
  rebuildStudyDays,
  saveSchedulerSettings,
  updateUserSettings,
} from '@learnboost/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSettings, ZUpdateSettingsBody } from '../../contract';
import { AppError } from '../../lib/errors';
import { jsonStream } from '../../lib/json-stream';
import type { SchedulerSettings } from '../../lib/scheduling/schedule';
import { isValidTimeZone } from '../../lib/time-zone';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me/settings', { schema: { response: { 200: ZSettings } } }, async (req) => {
    const user = await findUserById(app.db, req.user.id);
    if (!user) throw new AppError(401, 'Sign in to continue');
    return settingsOf(user, await app.schedulerSettings.get(app.db, req.user.id));
  });

  app.get('/me/export.json', async (req, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="learnboost-export.json"')
      .send(jsonStream({ exportedAt: new Date().toISOString(), ...(await exportLearnerData(app.db, req.user.id)) })),
  );

  app.patch('/me/settings', { schema: { body: ZUpdateSettingsBody, response: { 200: ZSettings } } }, async (req) => {
    const { timeZone, weeklyGoalMinutes, newCardsPerDay, desiredRetention } = req.body;
    if (timeZone !== undefined && !isValidTimeZone(timeZone)) {
      throw new AppError(400, 'timeZone must be an IANA time zone, like Europe/Paris');
    }
    const user = await app.db.transaction(async (tx) => {
      const changes = { timeZone, weeklyGoalMinutes, newCardsPerDay };
      const updated = Object.values(changes).some((v) => v !== undefined)
        ? await updateUserSettings(tx, req.user.id, changes)
        : await findUserById(tx, req.user.id);
      if (!updated) throw new AppError(401, 'Sign in to continue');
      // Every interval from now on aims at it; the cards' due dates stay as they are.
      if (desiredRetention !== undefined) await saveSchedulerSettings(tx, req.user.id, { desiredRetention });
      // Every day boundary moved with the zone: the study-day rollup is counted again.
      if (timeZone !== undefined && timeZone !== req.user.timeZone) await rebuildStudyDays(tx, req.user.id, timeZone);
      return updated;
    });
    // Requests carry the learner's zone from their session, and the scheduler settings are cached
    // beside it: every process must read them again.
    app.sessions.revoke({ userId: req.user.id });
    return settingsOf(user, await app.schedulerSettings.get(app.db, req.user.id));
  });
};

const settingsOf = (
  u: { weeklyGoalMinutes: number; timeZone: string; newCardsPerDay: number },
  scheduler: SchedulerSettings,
) => ({
  weeklyGoalMinutes: u.weeklyGoalMinutes,
  timeZone: u.timeZone,
  newCardsPerDay: u.newCardsPerDay,
  desiredRetention: scheduler.desiredRetention,
  fsrsParameters: [...scheduler.parameters],
});
