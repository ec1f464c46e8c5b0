/** `GET /api/bid-sessions/:id/results.pdf`: the printed bid sheet (bid-sheet.service.ts). */
import { idParamsSchema } from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentViewer } from '../../plugins/auth.ts';
import type { BidSheetService } from './bid-sheet.service.ts';
import { PDF_CONTENT_TYPE } from './bid-sheet-pdf.ts';

/** "spring-bid-2026-bid-sheet.pdf": letters, digits and dashes only, safe in a header. */
export function bidSheetFileName(sessionName: string): string {
  const slug = sessionName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'session'}-bid-sheet.pdf`;
}

export const bidSheetRoutes: FastifyPluginAsyncZod<{ bidSheetService: BidSheetService; clock: Clock }> = async (
  app,
  { bidSheetService, clock },
) => {
  app.get(
    '/:id/results.pdf',
    {
      onRequest: app.requireScope('results:read', app.requireMember),
      schema: {
        tags: ['bid-sessions'],
        summary:
          "A completed session's bid sheet as PDF: the session, each station's seats with holders, the queue with outcomes, and the record's hash and key fingerprint (administrators and the session's participants)",
        params: idParamsSchema,
        // The body is the file's bytes, sent as they are (a Buffer is never serialised).
        response: { 200: z.any().describe('The PDF file'), ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { name, pdf } = await bidSheetService.bidSheet(currentViewer(request), request.params.id, clock.now());
      return reply
        .header('content-type', PDF_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${bidSheetFileName(name)}"`)
        .send(pdf);
    },
  );
};
