/**
 * HTTP routes of the administrators' dashboard (docs/api.md, "admin"), registered under /admin:
 * GET /stats, /online-users, /recent-activity and /export. Administrators only: 401 signed out,
 * 403 for a member, checked on request before the query is validated.
 */
import {
  adminActivityQuerySchema,
  adminActivityResponseSchema,
  adminStatsResponseSchema,
  errorResponseSchema,
  onlineUsersQuerySchema,
  onlineUsersResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_CONTENT_TYPE } from '../session-admin/session-export.ts';
import type { AdminDashboardService } from './admin-dashboard.service.ts';
import { adminExportFileName, buildAdminWorkbook } from './admin-export.ts';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };

export const adminDashboardRoutes: FastifyPluginAsyncZod<{ adminDashboardService: AdminDashboardService }> = async (
  app,
  { adminDashboardService },
) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/stats',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Department figures in `stats`: members, online members, stations, seats, sessions by status, bids; the spec's six flat keys also at the top level",
        response: { 200: adminStatsResponseSchema, ...refusals },
      },
    },
    async () => adminDashboardService.statsAnswer(),
  );

  app.get(
    '/online-users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Active members seen in the last 5 minutes, most recently seen first, and how many there are',
        querystring: onlineUsersQuerySchema,
        response: { 200: onlineUsersResponseSchema, 400: errorResponseSchema, ...refusals },
      },
    },
    async (request) => adminDashboardService.onlineUsers(request.query.limit),
  );

  app.get(
    '/recent-activity',
    {
      schema: {
        tags: ['admin'],
        summary: "Every member's latest activity (sign-ins, bids, profile and administrative changes), newest first",
        querystring: adminActivityQuerySchema,
        response: { 200: adminActivityResponseSchema, 400: errorResponseSchema, ...refusals },
      },
    },
    async (request) => ({ activities: await adminDashboardService.recentActivity(request.query.limit) }),
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every member and station as an .xlsx workbook (sheets Members and Stations)',
        // The body is the file's bytes, sent as they are (a Buffer is never serialised).
        response: { 200: z.any().describe('The .xlsx file'), ...refusals },
      },
    },
    async (_request, reply) => {
      const { members, stations, exportedAt } = await adminDashboardService.exportData();
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${adminExportFileName(exportedAt)}"`)
        .send(buildAdminWorkbook(members, stations));
    },
  );
};
