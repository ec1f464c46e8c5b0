/** HTTP routes of stations (docs/api.md, "stations") and of the station import ("admin"). */
import {
  availablePositionsListResponseSchema,
  clearAssignmentsResponseSchema,
  createStationRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  STATION_IMPORT_OPTIONAL_COLUMNS,
  STATION_IMPORT_REQUIRED_COLUMNS,
  STATION_MESSAGES,
  stationAvailabilityResponseSchema,
  stationImportQuerySchema,
  stationImportResponseSchema,
  stationListQuerySchema,
  stationListResponseSchema,
  stationMutationResponseSchema,
  stationPositionsResponseSchema,
  stationResponseSchema,
  updateStationRequestSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readMatchedSpreadsheetRows } from '../../lib/import-headers.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { currentMember } from '../../plugins/auth.ts';
import { describeStationImport, type StationsService } from './stations.service.ts';

// Authentication runs onRequest, before the body is parsed and validated: a caller without the
// right gets 401/403, never a validation answer, and an upload is refused before it is read.
const refusals = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const stationRoutes: FastifyPluginAsyncZod<{ stationsService: StationsService }> = async (
  app,
  { stationsService },
) => {
  app.get(
    '/',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['stations'],
        summary: 'Active stations with their seats and occupancy; administrators may add ?includeInactive=true',
        querystring: stationListQuerySchema,
        response: { 200: stationListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      stations: await stationsService.list(currentMember(request), { includeInactive: request.query.includeInactive }),
    }),
  );

  app.get(
    '/available',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['stations'],
        summary: 'Active stations with at least one free seat',
        response: { 200: stationListResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ stations: await stationsService.listAvailable() }),
  );

  app.get(
    '/available/positions',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['stations'],
        summary: 'Free seats per shift and position of every active station',
        response: { 200: availablePositionsListResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ stations: await stationsService.listAvailablePositions() }),
  );

  app.post(
    '/clear-all-assignments',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['stations'],
        summary: 'Frees every seat: no member is assigned to a station afterwards',
        response: { 200: clearAssignmentsResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      message: STATION_MESSAGES.assignmentsCleared,
      cleared: await stationsService.clearAllAssignments(currentMember(request), request.log),
    }),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['stations'],
        summary: 'One station; inactive stations are visible to administrators only',
        params: idParamsSchema,
        response: { 200: stationResponseSchema, ...refusals },
      },
    },
    async (request) => ({ station: await stationsService.get(currentMember(request), request.params.id) }),
  );

  app.get(
    '/:id/availability',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['stations'],
        summary: 'Capacity, occupied and free seats per shift, with free seats per position',
        params: idParamsSchema,
        response: { 200: stationAvailabilityResponseSchema, ...refusals },
      },
    },
    async (request) => stationsService.availability(currentMember(request), request.params.id),
  );

  app.get(
    '/:id/positions',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['stations'],
        summary: 'Free seats per shift and position',
        params: idParamsSchema,
        response: { 200: stationPositionsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ station: await stationsService.positions(currentMember(request), request.params.id) }),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['stations'],
        summary: 'Create a station with its seats per shift and position',
        body: createStationRequestSchema,
        response: {
          201: stationMutationResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const station = await stationsService.create(request.body, currentMember(request), request.log);
      return reply.status(201).send({ station, message: STATION_MESSAGES.stationCreated });
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['stations'],
        summary: 'Change a station; seats sent replace its seat counts, never removing a held seat',
        params: idParamsSchema,
        body: updateStationRequestSchema,
        response: {
          200: stationMutationResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...refusals,
        },
      },
    },
    async (request) => ({
      station: await stationsService.update(request.params.id, request.body, currentMember(request), request.log),
      message: STATION_MESSAGES.stationUpdated,
    }),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['stations'],
        summary: 'Delete a station nobody is assigned to',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: errorResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await stationsService.delete(request.params.id, currentMember(request), request.log);
      return { message: STATION_MESSAGES.stationDeleted };
    },
  );
};

export const stationImportRoutes: FastifyPluginAsyncZod<{ stationsService: StationsService }> = async (
  app,
  { stationsService },
) => {
  app.post(
    '/import-stations',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['stations'],
        summary:
          'Import stations from .xlsx, .xls or .csv (multipart field `file`): new numbers are created, existing ones updated; with dryRun=1, the preview of what it would change, saving nothing',
        consumes: ['multipart/form-data'],
        querystring: stationImportQuerySchema,
        response: {
          200: stationImportResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          // Too large to read (rows, columns, cells, unpacked size); 503 while other files are read.
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { fileName, content } = await readUploadedFile(request);
      // The whole file is read and checked before any row is written: an unreadable file changes nothing.
      // Headers match whatever their case and spacing ("Shift A Capacity" is shiftACapacity).
      const { rows, unknownColumns } = await readMatchedSpreadsheetRows(fileName, content, {
        all: [...STATION_IMPORT_REQUIRED_COLUMNS, ...STATION_IMPORT_OPTIONAL_COLUMNS],
        required: STATION_IMPORT_REQUIRED_COLUMNS,
      });
      const results = await stationsService.importStations(rows, currentMember(request), request.log, {
        dryRun: request.query.dryRun,
        unknownColumns,
      });
      return { results, message: describeStationImport(results) };
    },
  );
};
