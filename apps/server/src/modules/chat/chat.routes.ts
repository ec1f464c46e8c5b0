/**
 * HTTP routes of session chat (docs/api.md, "chat"), registered under /chat. Every route needs a
 * signed-in member; the service decides who may read or post in which session.
 */
import {
  chatHistoryQuerySchema,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatUnreadCountResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  markChatReadRequestSchema,
  markChatReadResponseSchema,
  sendChatMessageRequestSchema,
  sendChatMessageResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { ChatService } from './chat.service.ts';

export const chatRoutes: FastifyPluginAsyncZod<{ chatService: ChatService }> = async (app, { chatService }) => {
  // Checked on request, before the query or body is validated: without a token the answer is 401.
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/session/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Messages of a session, oldest first: the newest 50, or with ?after= those sent since that message',
        params: idParamsSchema,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesResponseSchema, ...refusalResponses },
      },
    },
    async (request) => chatService.listMessages(currentMember(request), request.params.id, request.query.after),
  );

  app.get(
    '/session/:id/history',
    {
      schema: {
        tags: ['chat'],
        summary: 'The newest ?limit= messages of a session (1–100, default 50), oldest first',
        params: idParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatMessagesResponseSchema, ...refusalResponses },
      },
    },
    async (request) => chatService.history(currentMember(request), request.params.id, request.query.limit),
  );

  app.post(
    '/send',
    {
      schema: {
        tags: ['chat'],
        summary: 'Post a plain-text message (trimmed, 1–1,000 characters) to a session; 429 past 10 messages in 10 s',
        body: sendChatMessageRequestSchema,
        response: { 201: sendChatMessageResponseSchema, ...refusalResponses, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { sessionId, message } = request.body;
      return reply.status(201).send(await chatService.send(currentMember(request), sessionId, message));
    },
  );

  app.post(
    '/mark-read',
    {
      schema: {
        tags: ['chat'],
        summary: 'Record that I have read these messages of a session; answers my unread count',
        body: markChatReadRequestSchema,
        response: { 200: markChatReadResponseSchema, ...refusalResponses },
      },
    },
    async (request) => chatService.markRead(currentMember(request), request.body.sessionId, request.body.messageIds),
  );

  app.get(
    '/session/:id/unread-count',
    {
      schema: {
        tags: ['chat'],
        summary: 'How many messages of a session, written by others, I have not read',
        params: idParamsSchema,
        response: { 200: chatUnreadCountResponseSchema, ...refusalResponses },
      },
    },
    async (request) => chatService.unreadCount(currentMember(request), request.params.id),
  );
};
