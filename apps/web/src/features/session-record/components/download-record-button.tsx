/**
 * "Download record" on a completed session's results: the signed session record a
 * member can hand to their steward, with a link to check it on /verify.
 */
import { Anchor, Button } from '@mantine/core';
import { IconFileCertificate, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDownloadSessionRecord } from '../api/download-session-record.ts';

interface SessionRef {
  id: string;
  status: string;
}

export function DownloadRecordButton({ session }: { session: SessionRef }) {
  const download = useDownloadSessionRecord();
  if (session.status !== 'completed') return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileCertificate size={16} aria-hidden />}
      onClick={() => download.mutate({ id: session.id })}
      loading={download.isPending}
    >
      Download record
    </Button>
  );
}

/** A link to the page that checks a record in the browser. */
export function VerifyRecordLink() {
  return (
    <Anchor
      component={Link}
      to={paths.verify}
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
      // A link is of no use on paper.
      data-print="hide"
    >
      <IconShieldCheck size={16} aria-hidden />
      Verify a record
    </Anchor>
  );
}
