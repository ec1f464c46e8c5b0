/**
 * The department's time zone (issue 16): `GET /api/department-settings` for anyone signed in (the
 * web app writes and shows times in it), `PUT /api/admin/department-settings` for administrators
 * (and `DELETE` there, back to the server's default).
 */
import { departmentSettingsResponseSchema, departmentSettingsUpdateSchema } from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { DepartmentSettingsService } from './department-settings.service.ts';

type Routes = FastifyPluginAsyncZod<{ departmentSettingsService: DepartmentSettingsService }>;

export const departmentSettingsRoutes: Routes = async (app, { departmentSettingsService }) => {
  app.get(
    '/department-settings',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['department'],
        summary: "The department's time zone, which every date is entered and shown in, and where it comes from",
        response: { 200: departmentSettingsResponseSchema, ...refusalResponses },
      },
    },
    async () => departmentSettingsService.settings(),
  );
};

export const adminDepartmentSettingsRoutes: Routes = async (app, { departmentSettingsService }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.put(
    '/department-settings',
    {
      schema: {
        tags: ['department'],
        summary:
          "Set the department's time zone (an IANA name such as America/Chicago): session dates, deadlines, messages, the bid sheet and the calendar feed use it",
        body: departmentSettingsUpdateSchema,
        response: { 200: departmentSettingsResponseSchema, ...refusalResponses },
      },
    },
    async (request) =>
      departmentSettingsService.setTimeZone(currentMember(request), request.body.timeZone, request.log),
  );

  app.delete(
    '/department-settings',
    {
      schema: {
        tags: ['department'],
        summary:
          "Clear the department's time zone: the server's default (DEPARTMENT_TIMEZONE, else the zone it runs in) applies again",
        response: { 200: departmentSettingsResponseSchema, ...refusalResponses },
      },
    },
    async (request) => departmentSettingsService.useDefaultTimeZone(currentMember(request), request.log),
  );
};
