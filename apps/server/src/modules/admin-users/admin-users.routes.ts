/** HTTP routes of member administration (docs/api.md, "admin"), for administrators only. */
import {
  adminSetPasswordRequestSchema,
  assignStationRequestSchema,
  createMemberRequestSchema,
  createMemberResponseSchema,
  errorResponseSchema,
  IMPORT_JOB_ROW_THRESHOLD,
  idParamsSchema,
  importJobAcceptedResponseSchema,
  importJobResponseSchema,
  importModeQuerySchema,
  MEMBER_ADMIN_MESSAGES,
  memberImportResponseSchema,
  messageResponseSchema,
  plural,
  updateMemberRequestSchema,
  userResponseSchema,
  usersListQuerySchema,
  usersListResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import { describeImportPreview, describeImportResult, type MemberImportService } from './member-import.service.ts';
import type { MemberImportJobsService } from './member-import-jobs.service.ts';

export const adminUsersRoutes: FastifyPluginAsyncZod<{
  adminUsersService: AdminUsersService;
  memberImportService: MemberImportService;
  memberImportJobs: MemberImportJobsService;
}> = async (app, { adminUsersService, memberImportService, memberImportJobs }) => {
  // Checked on request, before the body is read: a member learns nothing about valid input.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members, active or not, searched, filtered and sorted: all of them, or one page with limit/cursor',
        querystring: usersListQuerySchema,
        response: { 200: usersListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => adminUsersService.listUsers(request.query),
  );

  app.post(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a member; without a password they get a password-setup e-mail',
        body: createMemberRequestSchema,
        response: { 201: createMemberResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await adminUsersService.createUser(currentMember(request), request.body)),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a member, including rank, years of service and the manual seniority score',
        params: idParamsSchema,
        body: updateMemberRequestSchema,
        response: { 200: userResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      user: await adminUsersService.updateUser(currentMember(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a member; past sessions keep their name',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await adminUsersService.deleteUser(currentMember(request), request.params.id);
      return { message: MEMBER_ADMIN_MESSAGES.userDeleted };
    },
  );

  app.put(
    '/users/:id/station',
    {
      schema: {
        tags: ['admin'],
        summary: 'Assign the member to a free seat of a station and shift, or release their seat',
        params: idParamsSchema,
        body: assignStationRequestSchema,
        response: { 200: userResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      user: await adminUsersService.assignStation(currentMember(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/users/:id/reactivate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reactivate a deactivated member',
        params: idParamsSchema,
        response: { 200: userResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ user: await adminUsersService.reactivateUser(currentMember(request), request.params.id) }),
  );

  app.put(
    '/users/:id/password',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set a member’s password; signs them out everywhere',
        params: idParamsSchema,
        body: adminSetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      message: await adminUsersService.setPassword(currentMember(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/import-users',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Import members from .xlsx, .xls or .csv (multipart field "file", at most 5 MB): answered with the results, or with a job (202) above the row threshold or with mode=job; with dryRun=1, the preview of what it would change, saving nothing',
        consumes: ['multipart/form-data'],
        querystring: importModeQuerySchema,
        response: {
          200: memberImportResponseSchema,
          202: importJobAcceptedResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          // Too large to read (rows, columns, cells, unpacked size); 503 while other files are read.
          422: errorResponseSchema,
          503: errorResponseSchema,
          ...refusalResponses,
        },
      },
    },
    async (request, reply) => {
      const { fileName, content } = await readUploadedFile(request);
      const actor = currentMember(request);
      const { rows, unknownColumns } = await memberImportService.readFile(fileName, content);
      const { mode, dryRun } = request.query;
      if (dryRun) {
        // A preview is always answered at once, whatever its size: nothing is saved, so no job to follow.
        const preview = await memberImportService.importRows(actor, fileName, rows, undefined, {
          dryRun: true,
          unknownColumns,
        });
        return reply.status(200).send({ results: preview, message: describeImportPreview(preview) });
      }
      if (mode === 'job' || (mode === 'auto' && rows.length > IMPORT_JOB_ROW_THRESHOLD)) {
        const job = await memberImportJobs.start(actor, fileName, rows);
        return reply
          .status(202)
          .header('Location', `/api/admin/import-jobs/${job.id}`)
          .send({ job, message: `Import of ${plural(rows.length, 'row')} started.` });
      }
      const results = await memberImportService.importRows(actor, fileName, rows, undefined, { unknownColumns });
      return reply
        .status(200)
        .send({ results, message: describeImportResult(results, memberImportService.isEmailConfigured) });
    },
  );

  app.get(
    '/import-jobs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Progress of an import job, and its results once it has finished',
        params: idParamsSchema,
        response: { 200: importJobResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ job: await memberImportJobs.getJob(request.params.id) }),
  );
};
