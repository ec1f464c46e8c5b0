import { type Certification, certificationListResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** The department's certifications in code order, with how many members hold each (administrators only). */
export async function getCertifications(signal?: AbortSignal): Promise<Certification[]> {
  const { certifications } = await apiRequest('/admin/certifications', {
    schema: certificationListResponseSchema,
    signal,
  });
  return certifications;
}
