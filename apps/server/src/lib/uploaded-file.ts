/**
 * Reading the one file of a multipart upload (imports). A file over the import limit is cut off
 * by the multipart plugin (its limit is one byte above ours); it is refused with 413 and the
 * spec's message, never read half and never a 500.
 */
import { IMPORT_MESSAGES } from '@stationbid/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error.ts';

/** The uploaded file of the field `fieldName` (default `file`), read whole. */
export async function readUploadedFile(
  request: FastifyRequest,
  fieldName = 'file',
): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.fileRequired);
  const file = await request.file();
  if (!file || file.fieldname !== fieldName) throw badRequest(IMPORT_MESSAGES.fileRequired);
  let content: Buffer;
  try {
    content = await file.toBuffer();
  } catch (error) {
    if (file.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.fileTooLarge);
    }
    throw error;
  }
  if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.fileTooLarge);
  return { fileName: file.filename, content };
}
