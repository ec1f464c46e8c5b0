/**
 * The department's seniority rule: `GET` and `PUT /api/admin/seniority-rule`, administrators only.
 */
import { seniorityRuleResponseSchema, seniorityRuleUpdateSchema } from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { SeniorityRuleService } from './seniority-rule.service.ts';

type Routes = FastifyPluginAsyncZod<{ seniorityRuleService: SeniorityRuleService }>;

export const adminSeniorityRuleRoutes: Routes = async (app, { seniorityRuleService }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/seniority-rule',
    {
      schema: {
        tags: ['department'],
        summary:
          "The department's seniority rule (the ordered keys that order every new session's queue), whether it is today's order, and the presets",
        response: { 200: seniorityRuleResponseSchema, ...refusalResponses },
      },
    },
    async () => seniorityRuleService.current(),
  );

  app.put(
    '/seniority-rule',
    {
      schema: {
        tags: ['department'],
        summary:
          'Set the seniority rule: keys from rankDate, hireDate, listNumber, yearsOfService, seniorityScore, employeeId and lottery (last only), each asc or desc; sessions freeze it when they start',
        body: seniorityRuleUpdateSchema,
        response: { 200: seniorityRuleResponseSchema, ...refusalResponses },
      },
    },
    async (request) => seniorityRuleService.set(currentMember(request), request.body, request.log),
  );
};
