/** HTTP routes of member administration (spec section 7, Admin), for administrators only. */
import {
  adminSetPasswordRequestSchema,
  assignStationRequestSchema,
  createMemberRequestSchema,
  createMemberResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  MEMBER_ADMIN_MESSAGES,
  memberImportResponseSchema,
  messageResponseSchema,
  updateMemberRequestSchema,
  userResponseSchema,
  usersListResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import { describeImportResult, type MemberImportService } from './member-import.service.ts';

export const adminUsersRoutes: FastifyPluginAsyncZod<{
  adminUsersService: AdminUsersService;
  memberImportService: MemberImportService;
}> = async (app, { adminUsersService, memberImportService }) => {
  // Checked on request, before the body is read: a member learns nothing about valid input.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/users',
    { schema: { tags: ['admin'], summary: 'Every member, active or not', response: { 200: usersListResponseSchema } } },
    async () => ({ users: await adminUsersService.listUsers() }),
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
        summary: 'Import members from .xlsx, .xls or .csv (multipart field "file", at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: {
          200: memberImportResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          ...refusalResponses,
        },
      },
    },
    async (request) => {
      const { fileName, content } = await readUploadedFile(request);
      const results = await memberImportService.importMembers(currentMember(request), fileName, content);
      return { results, message: describeImportResult(results, memberImportService.isEmailConfigured) };
    },
  );
};
