/**
 * Checks a session record in the browser (/verify): the person drops a record file on the page or
 * picks one, and the same check as the verifier (`node verify.mjs`) runs here: the Ed25519
 * signature (against this server's key from GET /api/record-key, or a key they paste), the hash
 * chain, and the replay of every command through the bid engine. Nothing is sent to the server.
 * A check always has a key to compare the signature's with: the page waits for one.
 *
 * The answer is written for a member or a steward, not an engineer: the verdict first, as a heading
 * ("This record is genuine and complete: no pick was changed after it was made"), then what was
 * checked in plain words; the verifier's own lines, the key's fingerprint and the choice of another
 * key are folded below it.
 */
import {
  Alert,
  Box,
  Button,
  Code,
  List,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { ordinal, plural } from '@stationbid/domain';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconFileUpload } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { parseGivenKey } from 'stationbid-verify';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useRecordKeyQuery } from '../api/session-record-queries.ts';
import { checkRecordFile, type RecordCheck } from '../utils/check-record-file.ts';

type KeyChoice = 'server' | 'pasted';

export function VerifyRecordPanel() {
  const keyQuery = useRecordKeyQuery();
  const [keyChoice, setKeyChoice] = useState<KeyChoice>('server');
  const [pastedKey, setPastedKey] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<RecordCheck | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [isKeyChoiceOpen, setIsKeyChoiceOpen] = useState(false);
  const resultRef = useRef<HTMLElement>(null);

  const pasted = keyChoice === 'pasted' && pastedKey.trim() !== '' ? parseGivenKey(pastedKey) : null;
  const pastedError = pasted && 'error' in pasted ? pasted.error : null;
  const key =
    keyChoice === 'server'
      ? keyQuery.data
        ? ({ kind: 'fingerprint', fingerprint: keyQuery.data.fingerprint } as const)
        : null
      : pasted && !('error' in pasted)
        ? pasted
        : null;
  // What is missing before a check can run, in words.
  const waitingFor =
    keyChoice === 'server'
      ? keyQuery.isError
        ? "This server's key could not be loaded: paste the key to check against instead."
        : keyQuery.isPending
          ? 'Loading the server key…'
          : null
      : pastedKey.trim() === ''
        ? 'Paste the public key or fingerprint to check against.'
        : pastedError
          ? 'The public key above cannot be read, so the record is not checked yet.'
          : null;

  // On a phone the answer lands below the picker: bring the verdict into view once it is there.
  useEffect(() => {
    if (check) resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [check]);

  // Without the server's key the check waits on a pasted one: the folded key choice opens for it.
  useEffect(() => {
    if (keyQuery.isError) setIsKeyChoiceOpen(true);
  }, [keyQuery.isError]);

  // Runs the check again whenever the file or the key changes; a stale answer is dropped.
  const keyIdentity = key ? (key.kind === 'fingerprint' ? key.fingerprint : Array.from(key.publicKey).join(',')) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyIdentity stands for key, a new object each render
  useEffect(() => {
    if (!file || !key) {
      setCheck(null);
      return;
    }
    let isCurrent = true;
    setIsChecking(true);
    void checkRecordFile(file, key).then((result) => {
      if (!isCurrent) return;
      setCheck(result);
      setIsChecking(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [file, keyIdentity]);

  return (
    <Stack gap="lg">
      <RecordFilePicker
        file={file}
        onFile={setFile}
        status={!file || waitingFor ? null : isChecking ? 'checking' : check ? 'checked' : null}
      />
      <section ref={resultRef} aria-label="Verification result" aria-busy={isChecking}>
        {file && waitingFor ? (
          <Text size="sm">{waitingFor}</Text>
        ) : isChecking ? (
          <Loader role="status" aria-label="Checking the record" />
        ) : check ? (
          <CheckResult check={check} keySource={keyChoice} />
        ) : null}
      </section>
      <KeySection
        open={isKeyChoiceOpen}
        onOpen={setIsKeyChoiceOpen}
        choice={keyChoice}
        onChoice={setKeyChoice}
        pastedKey={pastedKey}
        onPastedKey={setPastedKey}
        pastedError={pastedError}
        serverKey={
          keyQuery.isPending ? (
            <Loader size="sm" role="status" aria-label="Loading the server key" />
          ) : keyQuery.isError ? (
            <Text size="sm" role="alert">
              {getErrorMessage(keyQuery.error, 'Failed to load the server key')}
            </Text>
          ) : (
            <TextInput
              label="Server key fingerprint"
              description="SHA-256 of this server's Ed25519 record-signing key"
              value={keyQuery.data.fingerprint}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
          )
        }
      />
    </Stack>
  );
}

interface RecordFilePickerProps {
  file: File | null;
  onFile: (file: File) => void;
  /** Where the chosen file's check is: running, done (its answer is below), or not begun (no key yet). */
  status: 'checking' | 'checked' | null;
}

function RecordFilePicker({ file, onFile, status }: RecordFilePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <Paper
      withBorder
      p="lg"
      data-testid="record-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: isOver ? 'var(--mantine-color-blue-6)' : undefined,
        background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Stack gap="sm" align="center" ta="center">
        <IconFileUpload size={32} aria-hidden />
        <Text id={hintId} size="sm">
          Drop a session record (.json) here, or choose the file.
        </Text>
        {/* A real file input, labelled and reachable by keyboard; the button opens it. */}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".json,application/json"
          aria-describedby={hintId}
          aria-label="Record file"
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}
          tabIndex={-1}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) onFile(chosen);
            // Choosing the same file again (after fixing it) runs the check again.
            event.currentTarget.value = '';
          }}
        />
        <Button variant="light" onClick={() => inputRef.current?.click()}>
          Choose record file
        </Button>
        {file && (
          <Text size="sm">
            {status === 'checking' ? 'Checking' : status === 'checked' ? 'Checked' : 'Chosen'} <Code>{file.name}</Code>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

interface KeySectionProps {
  open: boolean;
  onOpen: (open: boolean) => void;
  choice: KeyChoice;
  onChoice: (choice: KeyChoice) => void;
  pastedKey: string;
  onPastedKey: (text: string) => void;
  pastedError: string | null;
  serverKey: ReactNode;
}

function KeySection({
  open,
  onOpen,
  choice,
  onChoice,
  pastedKey,
  onPastedKey,
  pastedError,
  serverKey,
}: KeySectionProps) {
  return (
    <Paper withBorder p="md">
      <Disclosure summary="Which key the record is checked against" open={open} onToggle={onOpen}>
        <Stack gap="sm">
          <Text size="sm">
            A record is checked against this server's signing key unless you choose another, for instance the one
            printed on a bid sheet.
          </Text>
          <Radio.Group
            label="Check the signature against"
            value={choice}
            onChange={(value) => onChoice(value as KeyChoice)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="server" label="This server's key" />
              <Radio value="pasted" label="Another public key" />
            </Stack>
          </Radio.Group>
          {choice === 'server' ? (
            serverKey
          ) : (
            <Textarea
              label="Public key"
              description="A PEM block (BEGIN PUBLIC KEY), the 32-byte key in base64, or its 64-digit hex fingerprint"
              value={pastedKey}
              onChange={(event) => onPastedKey(event.currentTarget.value)}
              error={pastedError}
              rows={4}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
          )}
        </Stack>
      </Disclosure>
    </Paper>
  );
}

/** Technical detail, folded under a verdict or a choice: open it with a click or Enter. */
function Disclosure({
  summary,
  children,
  open,
  onToggle,
}: {
  summary: string;
  children: ReactNode;
  open?: boolean;
  onToggle?: (open: boolean) => void;
}) {
  return (
    <Box
      component="details"
      open={open}
      onToggle={(event) => onToggle?.((event.currentTarget as HTMLDetailsElement).open)}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Box component="summary" fw={600} py={4} style={{ cursor: 'pointer' }}>
        {summary}
      </Box>
      <Box pt="xs">{children}</Box>
    </Box>
  );
}

/**
 * What was checked, in a member's words: each thing a steward would ask about, checked. Technical
 * names (signature, hash chain, replay) stay in the folded detail.
 */
function CheckedFacts({ check }: { check: Extract<RecordCheck, { ok: true }> }) {
  const facts = [
    `Session: ${check.sessionName}, ${plural(check.participants, 'member')}.`,
    'Every pick is there, in the order it was made, and none was changed or taken out.',
    check.replayed
      ? `Playing the session again from its start, pick by pick, gives every member the same seat (${plural(check.awardsReproduced, 'seat')} awarded).`
      : `The session began before it could be played again from its start; the picks and the ${plural(check.awardsReproduced, 'seat')} awarded agree.`,
    ...(check.reasonsRebuilt === null
      ? []
      : [`Each member's "why this seat" matches what happened (${plural(check.reasonsRebuilt, 'reason')} checked).`]),
  ];
  return (
    <List size="sm" spacing={4} icon={<IconCheck size={16} aria-hidden />}>
      {facts.map((fact) => (
        <List.Item key={fact}>{fact}</List.Item>
      ))}
    </List>
  );
}

function CheckResult({ check, keySource }: { check: RecordCheck; keySource: KeyChoice }) {
  if (!check.ok) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={<VerdictHeading>This record cannot be trusted: it is not as it was made</VerdictHeading>}
        role="alert"
      >
        <Stack gap="xs">
          <Text size="sm">
            {check.sequence !== null
              ? `The ${ordinal(check.sequence)} entry in the session's history is not as it was written. `
              : ''}
            Something in the file was changed after it was made, or it is damaged, or it is not a StationBid session
            record. Ask an administrator for a fresh copy: "Download record" on the session's results.
          </Text>
          <Disclosure summary="Technical details">
            <Stack gap={4}>
              <Text size="sm">Not verified.</Text>
              {check.sequence !== null && <Text size="sm">First entry that differs: {check.sequence}</Text>}
              <Text size="sm">
                {check.reason.charAt(0).toUpperCase()}
                {check.reason.slice(1)}.
              </Text>
              <Text size="sm">
                File: <Code>{check.fileName}</Code>
              </Text>
            </Stack>
          </Disclosure>
        </Stack>
      </Alert>
    );
  }
  const technical = (
    <Disclosure summary="Technical details">
      <Stack gap={4}>
        <Text size="sm">{check.headline}.</Text>
        {check.warning.length > 0 && <Text size="sm">{check.warning.join(' ')}</Text>}
        <List size="sm" spacing={4}>
          {check.details.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
          <List.Item>
            Signed with Ed25519 key {check.keyFingerprint},{' '}
            {check.keyChecked ? 'the key you checked against' : 'not compared with any key'}
          </List.Item>
          <List.Item>
            File: <Code>{check.fileName}</Code>
          </List.Item>
        </List>
      </Stack>
    </Disclosure>
  );
  if (!check.keyChecked) {
    // Only the record's own key was used: say what that proves, as the command line does.
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={<VerdictHeading>This record is complete, but not confirmed as your department's</VerdictHeading>}
        role="alert"
      >
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            It was checked only against a key written inside the file itself, so anyone could have made it. Check it
            against this server's key to be sure.
          </Text>
          <CheckedFacts check={check} />
          {technical}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      title={
        <VerdictHeading>This record is genuine and complete: no pick was changed after it was made</VerdictHeading>
      }
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">
          {keySource === 'server'
            ? "It was made and signed by this department's StationBid server, and nothing in it has changed since."
            : 'It was signed with the key you gave, and nothing in it has changed since.'}
        </Text>
        <CheckedFacts check={check} />
        {technical}
      </Stack>
    </Alert>
  );
}

/** The verdict, the first thing the result says, as a heading a screen reader can jump to. */
function VerdictHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={2} size="h4">
      {children}
    </Title>
  );
}
