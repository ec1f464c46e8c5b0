/**
 * Verify a session record (/verify): anyone signed in checks a record file in the browser, with the
 * same code as the one-file verifier (`node verify.mjs`, GET /api/verifier.mjs). The verifier (the
 * bid engine, the hash chain, the replay) loads with this page only.
 */
import { Code, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { VerifierDownloadLink, VerifyRecordPanel } from '../../features/session-record/index.ts';

function VerifyPage() {
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>Verify a Session Record</PageTitle>
      <Text>
        A session record is the signed file of everything that happened in a bid session. This page checks it here in
        your browser, without sending it anywhere: the signature, the hash chain of its history, and a replay of every
        command through the bid engine, which must give every award and every reason as recorded. It is the same check
        as the <VerifierDownloadLink /> runs on any computer with Node 20:{' '}
        <Code>node verify.mjs record.json --fingerprint &lt;key fingerprint&gt;</Code>.
      </Text>
      <VerifyRecordPanel />
    </Stack>
  );
}

export { VerifyPage as Component };
