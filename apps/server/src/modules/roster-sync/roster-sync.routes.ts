/**
 * PUT /api/admin/roster (docs/integrations.md, "Roster sync"): another system's whole active roster,
 * as JSON or CSV, for an API token with roster:write or an administrator signed in.
 */
import {
  errorResponseSchema,
  idParamsSchema,
  ROSTER_MAX_BYTES,
  ROSTER_SYNC_MESSAGES,
  rosterSyncJobAcceptedResponseSchema,
  rosterSyncJobListQuerySchema,
  rosterSyncJobListResponseSchema,
  rosterSyncJobResponseSchema,
  rosterSyncQuerySchema,
  rosterSyncResponseSchema,
} from '@stationbid/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { auditActor } from '../../lib/audit-log.ts';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { RosterSender, RosterSyncService } from './roster-sync.service.ts';

/** Who sent the roster, as the activity feed and the audit log name them. */
function rosterSender(request: FastifyRequest): RosterSender {
  if (request.apiToken) {
    return {
      memberId: null,
      name: `API token "${request.apiToken.name}"`,
      audit: { actorId: null, actorRole: 'integration', apiTokenId: request.apiToken.id },
    };
  }
  const member = currentMember(request);
  return { memberId: member.id, name: `${member.firstName} ${member.lastName}`, audit: auditActor(member) };
}

export const rosterSyncRoutes: FastifyPluginAsyncZod<{ rosterSync: RosterSyncService }> = async (
  app,
  { rosterSync },
) => {
  // A CSV roster arrives as its bytes; anything but JSON and CSV is refused with what to send.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new AppError('UNSUPPORTED_MEDIA_TYPE', ROSTER_SYNC_MESSAGES.bodyInvalid), undefined),
  );
  // A roster past the body limit is told what the limit is; every other error goes on to the app's handler.
  app.setErrorHandler((error) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', ROSTER_SYNC_MESSAGES.tooLarge);
    }
    throw error;
  });

  app.put(
    '/roster',
    {
      onRequest: app.requireScope('roster:write'),
      bodyLimit: ROSTER_MAX_BYTES,
      schema: {
        tags: ['integrations'],
        summary:
          'Replace the active roster: JSON {"members": [...]} or CSV (the member import\'s columns but the seat), matched by employeeId; creates, updates, reactivates, and deactivates the active members it leaves out (not administrators, not members of a running session), in one transaction. dryRun=1 answers the diff; above the import\'s row threshold (or mode=job) it runs as a job (202)',
        querystring: rosterSyncQuerySchema,
        response: {
          200: rosterSyncResponseSchema,
          202: rosterSyncJobAcceptedResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
          ...refusalResponses,
        },
      },
    },
    async (request, reply) => {
      const roster = await rosterSync.readRoster(request.body);
      const answer = await rosterSync.sync(rosterSender(request), roster, request.query);
      if (answer.kind === 'job') {
        return reply
          .status(202)
          .header('Location', `/api/admin/roster/jobs/${answer.job.id}`)
          .send({ job: answer.job, message: answer.message });
      }
      return reply.status(200).send({ results: answer.results, message: answer.message });
    },
  );

  app.get(
    '/roster/jobs',
    {
      onRequest: app.requireScope('roster:write'),
      schema: {
        tags: ['integrations'],
        summary: 'The latest roster syncs, newest first, each with who sent it and its results',
        querystring: rosterSyncJobListQuerySchema,
        response: { 200: rosterSyncJobListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ jobs: await rosterSync.listJobs(request.query.limit) }),
  );

  app.get(
    '/roster/jobs/:id',
    {
      onRequest: app.requireScope('roster:write'),
      schema: {
        tags: ['integrations'],
        summary: 'Progress of a roster sync run as a job, and its results once it has finished',
        params: idParamsSchema,
        response: { 200: rosterSyncJobResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ job: await rosterSync.getJob(request.params.id) }),
  );
};
