/**
 * The spreadsheet import both administrators' imports share (members and stations):
 * a drop zone with a Choose File button, the template download, the columns and notes, the upload,
 * and a results card that lists each refused row, so a chief can fix the sheet and upload it again.
 * The file is checked here before it is sent (type, size), and again by the server, which also
 * checks its content. An import that can preview (`preview`) first shows what the file would
 * change, and saves it only when the administrator confirms.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { findImportFileProblem, IMPORT_FILE_EXTENSIONS, IMPORT_MESSAGES, LIMITS, plural } from '@stationbid/domain';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { getErrorMessage } from '../lib/api-client.ts';
import { downloadCsv } from '../lib/download-csv.ts';

export interface ImportOutcome {
  /** The figures of the results card, in order, e.g. Created 18, Skipped 0. */
  figures: readonly { label: string; value: number }[];
  /** The rows that were refused, as the API reports them (row = the spreadsheet's row number). */
  errors: readonly { row: number; error: string }[];
}

/** What a file would do, answered by a dry run before anything is saved. */
export interface ImportPreview {
  /** The preview's counts, in order, e.g. New 2, Updated 1, Unchanged 4, Errors 1. */
  figures: readonly { label: string; value: number }[];
  /** Each row the import would save, and what it changes. */
  changes: readonly { row: number; kind: 'new' | 'updated'; name: string; fields: readonly string[] }[];
  /** Headers the import does not read, as written in the file. */
  unknownColumns: readonly string[];
  errors: readonly { row: number; error: string }[];
  /** How many rows the import would save (the confirm button counts them). */
  toImport: number;
}

export interface SpreadsheetImportPanelProps {
  /** Plural noun of what is imported, e.g. "stations" or "members". */
  subject: string;
  templateFileName: string;
  templateColumns: readonly string[];
  templateExampleRows: readonly (readonly (string | number)[])[];
  requiredColumns: readonly string[];
  optionalColumns?: readonly string[];
  notes: readonly string[];
  /**
   * Sends the file; resolves to what the results card shows, rejects with the API's error. An
   * import the server runs as a job reports its rows done through `onProgress` while it runs.
   */
  upload: (file: File, onProgress: (progress: ImportProgressValue) => void) => Promise<ImportOutcome>;
  /** Asks what the file would change (saving nothing); when given, the upload waits for a confirmation. */
  preview?: (file: File) => Promise<ImportPreview>;
  /** Singular noun of one imported row, for the confirm button ("member": Import 3 members). */
  itemNoun?: string;
}

/** Rows done out of the file's rows, while the server imports a large file. */
export interface ImportProgressValue {
  rowsDone: number;
  rowsTotal: number;
}

const ACCEPTED_TYPES = IMPORT_FILE_EXTENSIONS.join(',');
const MAX_MEGABYTES = LIMITS.importFileMaxBytes / (1024 * 1024);

function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function SpreadsheetImportPanel({
  subject,
  templateFileName,
  templateColumns,
  templateExampleRows,
  requiredColumns,
  optionalColumns = [],
  notes,
  upload,
  preview,
  itemNoun = 'row',
}: SpreadsheetImportPanelProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [progress, setProgress] = useState<ImportProgressValue | null>(null);
  const [pending, setPending] = useState<ImportPreview | null>(null);

  function choose(chosen: File | null): void {
    setFile(chosen);
    setOutcome(null);
    setPending(null);
    setProblem(chosen === null ? null : findImportFileProblem(chosen));
  }

  function handleDrop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  }

  async function handleUpload(): Promise<void> {
    const fileProblem = findImportFileProblem(file);
    if (file === null || fileProblem !== null) {
      setProblem(fileProblem);
      return;
    }
    if (preview !== undefined && pending === null) {
      setIsUploading(true);
      setProblem(null);
      setOutcome(null);
      try {
        setPending(await preview(file));
      } catch (error) {
        console.error(IMPORT_MESSAGES.uploadFailed, error);
        setProblem(getErrorMessage(error, IMPORT_MESSAGES.uploadFailed));
      } finally {
        setIsUploading(false);
      }
      return;
    }
    setPending(null);
    setIsUploading(true);
    setProblem(null);
    setProgress(null);
    try {
      setOutcome(await upload(file, setProgress));
      // The same file can be chosen again (e.g. after fixing it) only if the input forgets it.
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (error) {
      console.error(IMPORT_MESSAGES.uploadFailed, error);
      setProblem(getErrorMessage(error, IMPORT_MESSAGES.uploadFailed));
    } finally {
      setIsUploading(false);
      setProgress(null);
    }
  }

  function cancelPreview(): void {
    setPending(null);
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2} size="h3">
              Upload a spreadsheet of {subject}
            </Title>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => downloadCsv(templateFileName, [templateColumns, ...templateExampleRows])}
            >
              Download Template
            </Button>
          </Group>

          <Box
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragging(true);
            }}
            onDragLeave={() => setIsDragging(false)}
            onDrop={handleDrop}
            data-testid="import-drop-zone"
            p="xl"
            style={{
              border: `2px dashed var(--mantine-color-${isDragging ? 'blue-6' : 'gray-4'})`,
              borderRadius: 'var(--mantine-radius-md)',
              background: isDragging ? 'var(--mantine-color-blue-0)' : undefined,
              textAlign: 'center',
            }}
          >
            <Stack align="center" gap="xs">
              <IconFileSpreadsheet size={40} stroke={1.5} aria-hidden />
              <Text fw={500}>Drag a spreadsheet here, or choose one</Text>
              <Text size="sm" c="dimmed">
                .xlsx, .xls or .csv, up to {MAX_MEGABYTES} MB
              </Text>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={ACCEPTED_TYPES}
                aria-label="Spreadsheet file"
                style={{ display: 'none' }}
                onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
              />
              <Button variant="default" onClick={() => inputRef.current?.click()}>
                Choose File
              </Button>
              {file !== null && (
                <Text size="sm" aria-live="polite">
                  Selected: <strong>{file.name}</strong> ({formatFileSize(file.size)})
                </Text>
              )}
            </Stack>
          </Box>

          {problem !== null && (
            <Alert color="red" title="The file was not imported" role="alert">
              {problem}
            </Alert>
          )}

          {progress !== null && <ImportProgressBar subject={subject} progress={progress} />}

          {pending === null && (
            <Group justify="flex-end">
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={handleUpload}
                loading={isUploading}
                disabled={file === null || problem !== null}
              >
                Upload
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      {pending !== null && (
        <ImportPreviewCard
          preview={pending}
          itemNoun={itemNoun}
          isImporting={isUploading}
          onConfirm={handleUpload}
          onCancel={cancelPreview}
        />
      )}

      {outcome !== null && <ImportResultsCard outcome={outcome} />}

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs">
            <Title order={3} size="h4">
              Required columns
            </Title>
            <List size="sm">
              {requiredColumns.map((column) => (
                <List.Item key={column}>
                  <code>{column}</code>
                </List.Item>
              ))}
            </List>
            {optionalColumns.length > 0 && (
              <>
                <Title order={3} size="h4" mt="sm">
                  Optional columns
                </Title>
                <List size="sm">
                  {optionalColumns.map((column) => (
                    <List.Item key={column}>
                      <code>{column}</code>
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h4">
              Notes
            </Title>
            <List size="sm" spacing={4}>
              {notes.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          </Stack>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

/**
 * The rows done of an import the server runs in the background. The bar's own aria values count
 * rows (not percent), so a screen reader says "1,200 of 20,000 rows"; the text says it for everyone.
 */
function ImportProgressBar({ subject, progress }: { subject: string; progress: ImportProgressValue }) {
  const { rowsDone, rowsTotal } = progress;
  const percent = rowsTotal === 0 ? 0 : Math.round((rowsDone / rowsTotal) * 100);
  const text = `${rowsDone.toLocaleString('en')} of ${rowsTotal.toLocaleString('en')} rows`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="import-progress-label">
        Importing {subject}: {text} ({percent}%)
      </Text>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={rowsTotal}
        aria-valuenow={rowsDone}
        aria-valuetext={text}
      >
        <Progress value={percent} size="lg" aria-hidden />
      </div>
    </Stack>
  );
}

/** The rows a file's import refused (or would refuse), each with the reason, named by `label`. */
function RowErrorsTable({ label, errors }: { label: string; errors: ImportOutcome['errors'] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((rowError) => (
            <Table.Tr key={`${rowError.row}-${rowError.error}`}>
              <Table.Td>{rowError.row}</Table.Td>
              <Table.Td>{rowError.error}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An import's counts (created, updated, refused, ...), one tile each, two a row on a phone. */
function ImportFigures({ figures, maxColumns }: { figures: ImportOutcome['figures']; maxColumns: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(figures.length, maxColumns) }} spacing="sm">
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder p="sm" radius="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {figure.label}
          </Text>
          <Text size="xl" fw={700}>
            {figure.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function ImportResultsCard({ outcome }: { outcome: ImportOutcome }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="import-results">
      <Stack gap="md">
        <Title order={2} size="h3" id="import-results">
          Import Results
        </Title>
        <ImportFigures figures={outcome.figures} maxColumns={6} />
        {outcome.errors.length === 0 ? (
          <Text>No row was refused.</Text>
        ) : (
          <Stack gap="xs">
            <Group gap="xs">
              <Title order={3} size="h4">
                Rows not imported
              </Title>
              <Badge color="red" variant="light">
                {outcome.errors.length}
              </Badge>
            </Group>
            <RowErrorsTable label="Rows not imported" errors={outcome.errors} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** What the file would change, before anything is saved: counts, the changes, and the rows refused. */
function ImportPreviewCard({
  preview,
  itemNoun,
  isImporting,
  onConfirm,
  onCancel,
}: {
  preview: ImportPreview;
  itemNoun: string;
  isImporting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="import-preview">
      <Stack gap="md">
        <Title order={2} size="h3" id="import-preview">
          Preview: nothing is saved yet
        </Title>
        <ImportFigures figures={preview.figures} maxColumns={4} />
        {preview.unknownColumns.length > 0 && (
          <Alert color="yellow" title="Columns not read">
            These columns name nothing the import reads, so their cells are ignored: {preview.unknownColumns.join(', ')}
            .
          </Alert>
        )}
        {preview.changes.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table striped aria-label="Changes to import">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Row</Table.Th>
                  <Table.Th scope="col">{itemNoun.charAt(0).toUpperCase() + itemNoun.slice(1)}</Table.Th>
                  <Table.Th scope="col">Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.changes.map((change) => (
                  <Table.Tr key={change.row}>
                    <Table.Td>{change.row}</Table.Td>
                    <Table.Td>{change.name}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={change.kind === 'new' ? 'green' : 'blue'}>
                        {change.kind === 'new' ? 'New' : 'Updated'}
                      </Badge>
                      {/* One line per field: an update may change many ("rank: Firefighter -> Captain"). */}
                      {change.fields.map((field) => (
                        <Text size="sm" key={field}>
                          {field}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {preview.errors.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              Rows that will not be imported
            </Title>
            <RowErrorsTable label="Rows that will not be imported" errors={preview.errors} />
          </Stack>
        )}
        {preview.toImport === 0 && (
          <Text>Nothing in this file would change. Fix the rows above and upload it again.</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isImporting}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={isImporting} disabled={preview.toImport === 0}>
            Import {plural(preview.toImport, itemNoun)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
