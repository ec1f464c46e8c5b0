/**
 * `stationbid-verify <record.json> [--key <fingerprint>]`: prints "verified: N awards reproduced"
 * and exits 0, or prints the first thing that does not hold, and why, and exits 1.
 */
import { readFile } from 'node:fs/promises';
import { describeVerified, verifyRecordText } from './verify-record.ts';

const USAGE = `usage: stationbid-verify <record.json> [--key <fingerprint>]

Checks a StationBid session record (GET /api/bid-sessions/<id>/record): its Ed25519 signature, its
hash chain, and a replay of every command through the bid engine against the recorded history and
final assignments. --key requires the record to be signed by the key with this fingerprint (see
GET /api/record-key or the administrator's settings).`;

interface Streams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

function parseArguments(args: readonly string[]): { file: string; key?: string } | { error: string } {
  let file: string | undefined;
  let key: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--key') {
      key = args[index + 1];
      if (!key) return { error: '--key needs a fingerprint' };
      index += 1;
    } else if (arg === '--help' || arg === '-h') {
      return { error: '' };
    } else if (arg.startsWith('-')) {
      return { error: `unknown option ${arg}` };
    } else if (file) {
      return { error: 'give one record file' };
    } else file = arg;
  }
  if (!file) return { error: 'give the record file to check' };
  return key ? { file, key } : { file };
}

/** Runs the verifier; answers the exit code (0 verified, 1 anything else). */
export async function main(args: readonly string[], { stdout, stderr }: Streams): Promise<number> {
  const parsed = parseArguments(args);
  if ('error' in parsed) {
    stderr.write(`${parsed.error ? `${parsed.error}\n\n` : ''}${USAGE}\n`);
    return 1;
  }
  let text: string;
  try {
    text = await readFile(parsed.file, 'utf8');
  } catch (error) {
    stderr.write(`NOT verified: cannot read ${parsed.file}: ${(error as Error).message}\n`);
    return 1;
  }
  const result = await verifyRecordText(text, { expectedFingerprint: parsed.key });
  if (!result.ok) {
    const where = result.sequence === null ? '' : ` (first failing entry: ${result.sequence})`;
    stdout.write(`NOT verified${where}: ${result.reason}\n`);
    return 1;
  }
  const lines = [
    `verified: ${result.awardsReproduced} awards reproduced`,
    ...describeVerified(result).map((line) => `  ${line}`),
    `  signed with Ed25519 key ${result.keyFingerprint}${result.keyChecked ? ' (the key you asked for)' : '; compare it with GET /api/record-key, or pass --key'}`,
  ];
  stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
