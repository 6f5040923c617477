import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboardOverview } from '../../contract';
import { dashboardOverview } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard/overview', { schema: { response: { 200: ZDashboardOverview } } }, (req) =>
    dashboardOverview({ db: app.db, userId: req.user.id }),
  );
};
