/** HTTP routes of the department's certification catalogue (docs/api.md, "certifications"); administrators only. */
import {
  CERTIFICATION_MESSAGES,
  certificationListResponseSchema,
  certificationMutationResponseSchema,
  createCertificationRequestSchema,
  idParamsSchema,
  messageResponseSchema,
  updateCertificationRequestSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { CertificationsService } from './certifications.service.ts';

type Routes = FastifyPluginAsyncZod<{ certificationsService: CertificationsService }>;

export const certificationRoutes: Routes = async (app, { certificationsService }) => {
  // Authentication runs onRequest, before the body is read: without the right, 401/403, never a 400.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['certifications'],
        summary: "The department's certifications in code order, with how many members hold each",
        response: { 200: certificationListResponseSchema, ...refusalResponses },
      },
    },
    async () => ({ certifications: await certificationsService.list() }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['certifications'],
        summary: 'Add a certification: a code (1-16 of A-Z, 0-9, _ and -; upper-cased) and a name',
        body: createCertificationRequestSchema,
        response: { 201: certificationMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const certification = await certificationsService.create(request.body, currentMember(request));
      return reply.status(201).send({ certification, message: CERTIFICATION_MESSAGES.created });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['certifications'],
        summary: 'Change its code or name; a new code is renamed on every seat that requires it',
        params: idParamsSchema,
        body: updateCertificationRequestSchema,
        response: { 200: certificationMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      certification: await certificationsService.update(request.params.id, request.body, currentMember(request)),
      message: CERTIFICATION_MESSAGES.updated,
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['certifications'],
        summary: 'Delete a certification no seat requires; members who hold it no longer do',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      message: await certificationsService.delete(request.params.id, currentMember(request)),
    }),
  );
};
