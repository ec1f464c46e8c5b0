/**
 * Verify a session record (/verify): anyone signed in checks a record file in the browser, with the
 * same code as the one-file verifier (`node verify.mjs`, GET /api/verifier.mjs). The verifier (the
 * bid engine, the hash chain, the replay) loads with this page only.
 *
 * The page speaks to a member or a steward: what a record is and what the check proves, in plain
 * words; how to run the same check on a computer is folded away for whoever wants it.
 */
import { Box, Code, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { VerifierDownloadLink, VerifyRecordPanel } from '../../features/session-record/index.ts';

function VerifyPage() {
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>Verify a Session Record</PageTitle>
      <Text>
        A session record is the file of everything that happened in a bid session: every pick, in the order it was made,
        and the seat each member ended with. Anyone who took part can download it from the session's results ("Download
        record").
      </Text>
      <Text>
        Choose the file below to check that it is genuine: that it came from this department's StationBid, that no pick
        was changed, added or taken out after it was made, and that playing the session again from its start gives every
        member the same seat. The check runs here on your device; the file is not sent anywhere.
      </Text>
      <VerifyRecordPanel />
      <Box component="details">
        <Box component="summary" fw={600} style={{ cursor: 'pointer' }}>
          Checking a record on a computer
        </Box>
        <Text size="sm" mt="xs">
          The same check runs on any computer with Node 20: download the <VerifierDownloadLink /> and run{' '}
          <Code>node verify.mjs record.json --fingerprint &lt;key fingerprint&gt;</Code>. It checks the record's Ed25519
          signature, the hash chain of its history, and replays every command through the bid engine, which must give
          every award and every reason as recorded.
        </Text>
      </Box>
    </Stack>
  );
}

export { VerifyPage as Component };
