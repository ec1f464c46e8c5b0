import { departmentRotationResponseSchema } from '@stationbid/domain';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type RotationAnswer = z.infer<typeof departmentRotationResponseSchema>;

export function getRotation(signal?: AbortSignal): Promise<RotationAnswer> {
  return apiRequest('/admin/rotation', { schema: departmentRotationResponseSchema, signal });
}
