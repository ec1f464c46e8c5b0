/**
 * `verify.mjs <record.json> [--key <key.pem> | --fingerprint <hex>]` (and `stationbid-verify` in a
 * development checkout): checks a session record and says what it found, with an exit code a
 * script can tell apart (EXIT_CODES). Without a key the record can only be checked against itself,
 * and a record anyone signed with a key of their own passes that: the verifier says so in a
 * paragraph of its own and exits with a code of its own, never 0.
 */
import { readFile } from 'node:fs/promises';
import { type GivenKey, parseGivenKey } from './key-text.ts';
import {
  describeVerified,
  optionsForGivenKey,
  UNKEYED_WARNING,
  type VerifySuccess,
  verifyRecordText,
} from './verify-record.ts';

export const EXIT_CODES = {
  /** The record holds together and is signed by the key given. */
  verified: 0,
  /** The record does not hold together, is not signed by the key given, or could not be read; or the command was wrong. */
  notVerified: 1,
  /** The record holds together, but no key was given: anyone could have signed it. */
  keyNotChecked: 2,
} as const;

export const USAGE = `usage: node verify.mjs <record.json> [--key <key.pem> | --fingerprint <hex>]
       (in a development checkout: npx stationbid-verify <record.json> ...)

Checks a StationBid session record (GET /api/bid-sessions/<id>/record): its Ed25519 signature, its
hash chain, and a replay of every command through the bid engine against the recorded history and
final assignments.

  --key <file>          the server's public key: a file holding GET /api/record-key's answer, or its
                        PEM block (publicKeyPem), or the raw key in base64, or its fingerprint
  --fingerprint <hex>   the SHA-256 fingerprint of the server's key (64 hex digits, colons allowed), as
                        GET /api/record-key, the bid sheet and the administrators' dashboard show it

Give one of them. Without either, the record is checked only against itself: a record anyone signed
with a key of their own passes that check, so it proves nothing about who made the record.

Exit codes:
  ${EXIT_CODES.verified}  verified: the record holds together and is signed by the key given
  ${EXIT_CODES.notVerified}  NOT verified (the first thing that does not hold is printed), or the file or key could
     not be read, or the command line was wrong
  ${EXIT_CODES.keyNotChecked}  the record holds together, but no key was given: checked only against itself`;

interface Streams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

type KeyArgument = { option: '--key' | '--fingerprint'; value: string };

type ParsedArguments = { help: true } | { file: string; key: KeyArgument | null } | { error: string };

function parseArguments(args: readonly string[]): ParsedArguments {
  let file: string | undefined;
  let key: KeyArgument | null = null;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--key' || arg === '--fingerprint') {
      const value = args[index + 1];
      if (!value) return { error: arg === '--key' ? '--key needs a key file' : '--fingerprint needs 64 hex digits' };
      if (key) return { error: 'give --key or --fingerprint, once' };
      key = { option: arg, value };
      index += 1;
    } else if (arg === '--help' || arg === '-h') {
      return { help: true };
    } else if (arg.startsWith('-')) {
      return { error: `unknown option ${arg}` };
    } else if (file) {
      return { error: 'give one record file' };
    } else file = arg;
  }
  if (!file) return { error: 'give the record file to check' };
  return { file, key };
}

/**
 * The key a person named. `--key` is a file first (what they saved from GET /api/record-key); a
 * value that is no file is read as the key itself, so `--key <fingerprint>` works as it always did.
 */
async function readGivenKey({ option, value }: KeyArgument): Promise<GivenKey | { error: string }> {
  if (option === '--fingerprint') {
    const parsed = parseGivenKey(value);
    if ('error' in parsed || parsed.kind !== 'fingerprint') {
      return { error: `--fingerprint ${value}: not a fingerprint (64 hex digits, colons allowed)` };
    }
    return parsed;
  }
  let text: string;
  try {
    text = await readFile(value, 'utf8');
  } catch (error) {
    const asKey = parseGivenKey(value);
    if (!('error' in asKey)) return asKey;
    return { error: `--key ${value}: cannot read the key file (${(error as Error).message})` };
  }
  const parsed = parseGivenKey(publicKeyOfAnswer(text) ?? text);
  return 'error' in parsed ? { error: `--key ${value}: ${parsed.error}` } : parsed;
}

/** The PEM of a saved GET /api/record-key answer (`{ "publicKeyPem": ... }`), or null for any other text. */
function publicKeyOfAnswer(text: string): string | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const answer: unknown = JSON.parse(text);
    const pem = (answer as { publicKeyPem?: unknown } | null)?.publicKeyPem;
    return typeof pem === 'string' ? pem : null;
  } catch {
    return null;
  }
}

function describeSuccess(result: VerifySuccess): string {
  const details = describeVerified(result).map((line) => `  ${line}`);
  if (result.keyChecked) {
    return [
      `verified: ${result.awardsReproduced} awards reproduced`,
      ...details,
      `  signed with Ed25519 key ${result.keyFingerprint} (the key you asked for)`,
    ].join('\n');
  }
  return [
    `checked against itself only: ${result.awardsReproduced} awards reproduced (NO KEY GIVEN: read the warning below)`,
    ...details,
    `  signed with Ed25519 key ${result.keyFingerprint}, which was NOT compared with any key you trust`,
    '',
    ...[...UNKEYED_WARNING, 'Run again with --key <file> (the PEM of GET /api/record-key) or --fingerprint <hex>.'].map(
      (line) => `!!! ${line}`,
    ),
  ].join('\n');
}

/** Runs the verifier; answers the exit code (EXIT_CODES). */
export async function main(args: readonly string[], { stdout, stderr }: Streams): Promise<number> {
  const parsed = parseArguments(args);
  if ('help' in parsed) {
    stdout.write(`${USAGE}\n`);
    return EXIT_CODES.verified;
  }
  if ('error' in parsed) {
    stderr.write(`${parsed.error}\n\n${USAGE}\n`);
    return EXIT_CODES.notVerified;
  }
  let key: GivenKey | null = null;
  if (parsed.key) {
    const given = await readGivenKey(parsed.key);
    if ('error' in given) {
      stderr.write(`NOT verified: ${given.error}\n`);
      return EXIT_CODES.notVerified;
    }
    key = given;
  }
  let text: string;
  try {
    text = await readFile(parsed.file, 'utf8');
  } catch (error) {
    stderr.write(`NOT verified: cannot read ${parsed.file}: ${(error as Error).message}\n`);
    return EXIT_CODES.notVerified;
  }
  const result = await verifyRecordText(text, key ? optionsForGivenKey(key) : {});
  if (!result.ok) {
    const where = result.sequence === null ? '' : ` (first failing entry: ${result.sequence})`;
    stdout.write(`NOT verified${where}: ${result.reason}\n`);
    return EXIT_CODES.notVerified;
  }
  stdout.write(`${describeSuccess(result)}\n`);
  return result.keyChecked ? EXIT_CODES.verified : EXIT_CODES.keyNotChecked;
}
