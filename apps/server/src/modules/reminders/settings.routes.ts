import { ErrorBody } from '@warrantly/contract/common';
import { Settings, SettingsUpdate } from '@warrantly/contract/reminders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/schema';
import type { ChangeNotifier } from '../../user-data-changes';
import * as service from './settings.service';

export const settingsRoutes: FastifyPluginAsync<{ deps: { db: Db } & ChangeNotifier }> = async (
  fastify,
  { deps },
) => {
  const { db } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  app.get(
    '/api/v1/settings/',
    {
      schema: {
        tags,
        summary: 'Reminder lead time and default currency',
        response: { 200: Settings, 401: ErrorBody },
      },
    },
    (req) => service.getSettings(db, req.userId),
  );
  app.put(
    '/api/v1/settings/',
    {
      schema: {
        tags,
        summary: 'Change the reminder lead time (null: off) or the default currency',
        body: SettingsUpdate,
        response: { 200: Settings, 400: ErrorBody, 401: ErrorBody },
      },
    },
    (req) => service.updateSettings(deps, req.userId, req.body),
  );
};
