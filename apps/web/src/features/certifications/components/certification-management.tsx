/**
 * The administrators' certification catalogue (/admin/certifications): the department's
 * certifications with how many members hold each, a form to add one, and dialogs to rename and
 * delete. Seats name a certification by its code, so renaming a code renames it on those seats,
 * and the server refuses to delete one that seats still require (its message says where); deleting
 * one members hold takes it from them, which the dialog says before it is confirmed.
 */
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type Certification,
  createCertificationRequestSchema,
  MAX_CERTIFICATION_CODE_LENGTH,
  MAX_CERTIFICATION_NAME_LENGTH,
} from '@stationbid/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCertificationsQuery } from '../api/certification-queries.ts';
import { useCreateCertification, useDeleteCertification, useUpdateCertification } from '../api/save-certification.ts';

interface CertificationManagementProps {
  /** Called after a rename or deletion, which changes what seats require. */
  onCatalogueChanged?: () => Promise<unknown> | undefined;
}

type Dialog = { kind: 'edit'; certification: Certification } | { kind: 'delete'; certification: Certification };

export function CertificationManagement({ onCatalogueChanged }: CertificationManagementProps) {
  const listTitleId = useId();
  const query = useCertificationsQuery();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Stack gap="lg">
      <AddCertificationForm />
      <Paper component="section" aria-labelledby={listTitleId} withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4" id={listTitleId}>
            Department certifications
          </Title>
          {query.isPending && <Loader size="sm" role="status" aria-label="Loading certifications" />}
          {query.isError && (
            <Text size="sm" role="alert">
              {getErrorMessage(query.error, 'Failed to load certifications')}
            </Text>
          )}
          {query.isSuccess && query.data.length === 0 && (
            <Text size="sm" c="gray.7">
              No certifications yet. Add the ones your seats require, such as PM (Paramedic).
            </Text>
          )}
          {query.isSuccess && query.data.length > 0 && (
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {query.data.map((certification) => (
                <CertificationRow
                  key={certification.id}
                  certification={certification}
                  onEdit={() => setDialog({ kind: 'edit', certification })}
                  onDelete={() => setDialog({ kind: 'delete', certification })}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <EditCertificationModal
        certification={dialog?.kind === 'edit' ? dialog.certification : null}
        onClose={close}
        onCatalogueChanged={onCatalogueChanged}
      />
      <DeleteCertificationModal
        certification={dialog?.kind === 'delete' ? dialog.certification : null}
        onClose={close}
        onCatalogueChanged={onCatalogueChanged}
      />
    </Stack>
  );
}

function holdersText(holders: number): string {
  return holders === 1 ? '1 member holds it' : `${holders} members hold it`;
}

function CertificationRow({
  certification,
  onEdit,
  onDelete,
}: {
  certification: Certification;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper component="li" withBorder p="sm" aria-label={`${certification.code} ${certification.name}`}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
            {certification.code}
          </Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {certification.name}
            </Text>
            <Text size="sm" c="gray.7">
              {holdersText(certification.holders)}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={`Edit ${certification.code}`}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            variant="default"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Delete ${certification.code}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Field errors from the domain's schema, keyed by field. */
function checkFields(values: { code: string; name: string }) {
  const parsed = createCertificationRequestSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: { code?: string; name?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'code' || field === 'name') errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

interface FieldsProps {
  code: string;
  name: string;
  errors: { code?: string; name?: string };
  onChange: (values: { code: string; name: string }) => void;
}

function CertificationFields({ code, name, errors, onChange }: FieldsProps) {
  return (
    <>
      <TextInput
        label="Code"
        description={`Up to ${MAX_CERTIFICATION_CODE_LENGTH} letters, digits, _ or -, e.g. PM`}
        required
        autoComplete="off"
        maxLength={MAX_CERTIFICATION_CODE_LENGTH + 4}
        value={code}
        error={errors.code}
        onChange={(event) => onChange({ code: event.currentTarget.value.toUpperCase(), name })}
      />
      <TextInput
        label="Name"
        description="e.g. Paramedic"
        required
        autoComplete="off"
        maxLength={MAX_CERTIFICATION_NAME_LENGTH + 10}
        value={name}
        error={errors.name}
        onChange={(event) => onChange({ code, name: event.currentTarget.value })}
      />
    </>
  );
}

function AddCertificationForm() {
  const titleId = useId();
  const [values, setValues] = useState({ code: '', name: '' });
  const [errors, setErrors] = useState<{ code?: string; name?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateCertification({ onSuccess: () => setValues({ code: '', name: '' }) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFields(values);
    setErrors(checked.errors);
    setRefusal(null);
    if (checked.data === null) return;
    create.mutate(checked.data, {
      onError: (error) => setRefusal(getErrorMessage(error, 'Failed to add certification')),
    });
  };

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md">
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            Add a certification
          </Title>
          <CertificationFields
            {...values}
            errors={errors}
            onChange={(next) => {
              setValues(next);
              setRefusal(null);
            }}
          />
          {refusal !== null && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
              Add certification
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function EditCertificationModal({
  certification,
  onClose,
  onCatalogueChanged,
}: {
  certification: Certification | null;
  onClose: () => void;
  onCatalogueChanged: CertificationManagementProps['onCatalogueChanged'];
}) {
  return (
    <Modal
      opened={certification !== null}
      onClose={onClose}
      title={certification === null ? 'Edit certification' : `Edit ${certification.code}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {certification !== null && (
        <EditCertificationForm
          key={certification.id}
          certification={certification}
          onClose={onClose}
          onCatalogueChanged={onCatalogueChanged}
        />
      )}
    </Modal>
  );
}

function EditCertificationForm({
  certification,
  onClose,
  onCatalogueChanged,
}: {
  certification: Certification;
  onClose: () => void;
  onCatalogueChanged: CertificationManagementProps['onCatalogueChanged'];
}) {
  const [values, setValues] = useState({ code: certification.code, name: certification.name });
  const [errors, setErrors] = useState<{ code?: string; name?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = useUpdateCertification({ onSuccess: onClose, onCatalogueChanged });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFields(values);
    setErrors(checked.errors);
    setRefusal(null);
    if (checked.data === null) return;
    update.mutate(
      { id: certification.id, body: checked.data },
      { onError: (error) => setRefusal(getErrorMessage(error, 'Failed to save certification')) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${certification.code}`}>
      <Stack gap="sm">
        <CertificationFields {...values} errors={errors} onChange={setValues} />
        <Text size="sm" c="gray.7">
          A new code is renamed on every seat that requires this certification.
        </Text>
        {refusal !== null && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteCertificationModal({
  certification,
  onClose,
  onCatalogueChanged,
}: {
  certification: Certification | null;
  onClose: () => void;
  onCatalogueChanged: CertificationManagementProps['onCatalogueChanged'];
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteCertification({ onSuccess: onClose, onCatalogueChanged });
  const closeAndForget = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <Modal
      opened={certification !== null}
      onClose={closeAndForget}
      title="Delete certification"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {certification !== null && (
        <Stack gap="md">
          <Text>
            Delete {certification.code} ({certification.name})?{' '}
            {certification.holders > 0
              ? `${holdersText(certification.holders)}: it will be removed from ${certification.holders === 1 ? 'that member' : 'those members'}.`
              : 'No member holds it.'}{' '}
            Seats that require it must have the requirement removed first.
          </Text>
          {refusal !== null && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeAndForget} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                setRefusal(null);
                remove.mutate(certification.id, {
                  onError: (error) => setRefusal(getErrorMessage(error, 'Failed to delete certification')),
                });
              }}
            >
              Delete {certification.code}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
