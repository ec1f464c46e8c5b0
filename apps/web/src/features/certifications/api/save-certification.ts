/** Adding, renaming and deleting certifications; each refreshes the catalogue and says what it did. */
import {
  CERTIFICATION_MESSAGES,
  type Certification,
  type CreateCertificationRequest,
  certificationMutationResponseSchema,
  messageResponseSchema,
  type UpdateCertificationRequest,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { invalidateCertifications } from './certification-queries.ts';

export async function createCertification(body: CreateCertificationRequest): Promise<Certification> {
  const { certification } = await apiRequest('/admin/certifications', {
    method: 'POST',
    body,
    schema: certificationMutationResponseSchema,
  });
  return certification;
}

export async function updateCertification({
  id,
  body,
}: {
  id: string;
  body: UpdateCertificationRequest;
}): Promise<Certification> {
  const { certification } = await apiRequest(`/admin/certifications/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: certificationMutationResponseSchema,
  });
  return certification;
}

/** Answers the server's message, which says whether members lost it. */
export async function deleteCertification(id: string): Promise<string> {
  const { message } = await apiRequest(`/admin/certifications/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageResponseSchema,
  });
  return message;
}

interface SaveOptions {
  onSuccess?: () => void;
  /** Seats name certifications by code: a rename or deletion changes what station lists show. */
  onCatalogueChanged?: () => Promise<unknown> | undefined;
}

/** Refusals are left to the caller, which shows them beside the fields. */
export function useCreateCertification({ onSuccess }: SaveOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCertification,
    onSuccess: async () => {
      showSuccess(CERTIFICATION_MESSAGES.created);
      onSuccess?.();
      await invalidateCertifications(queryClient);
    },
  });
}

export function useUpdateCertification({ onSuccess, onCatalogueChanged }: SaveOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCertification,
    onSuccess: async () => {
      showSuccess(CERTIFICATION_MESSAGES.updated);
      onSuccess?.();
      await Promise.all([invalidateCertifications(queryClient), onCatalogueChanged?.()]);
    },
  });
}

export function useDeleteCertification({ onSuccess, onCatalogueChanged }: SaveOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCertification,
    onSuccess: async (message) => {
      showSuccess(message);
      onSuccess?.();
      await Promise.all([invalidateCertifications(queryClient), onCatalogueChanged?.()]);
    },
  });
}
