import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { recordDigestBytes, recordDigestHex } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
// The domain's played test session (a test helper, not part of its public exports).
import { playedSession, unsignedRecordOf } from '../../domain/src/record/test-records.ts';
import { main } from './cli.ts';
import { parseGivenKey } from './key-text.ts';
import { optionsForGivenKey, verifyRecord, verifyRecordText } from './verify-record.ts';

const run = promisify(execFile);

/** A record of the domain's test session, signed with a fresh key as the server signs: the digest's 32 bytes. */
function signedRecord() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  const unsigned = unsignedRecordOf(playedSession());
  const fingerprint = createHash('sha256').update(raw).digest('hex');
  const record = {
    ...unsigned,
    signature: {
      algorithm: 'Ed25519',
      keyFingerprint: fingerprint,
      publicKey: raw.toString('base64'),
      digest: recordDigestHex(unsigned),
      value: sign(null, recordDigestBytes(unsigned), privateKey).toString('base64'),
    },
  };
  return { record, fingerprint, pem, text: `${JSON.stringify(record, null, 2)}\n` };
}

async function runCli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

async function recordFile(text: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'stationbid-verify-')), 'record.json');
  await writeFile(file, text);
  return file;
}

describe('verifyRecord', () => {
  it('verifies the signature, the chain and the replay', async () => {
    const { record, fingerprint } = signedRecord();
    expect(await verifyRecord(record)).toMatchObject({ ok: true, awardsReproduced: 3, keyFingerprint: fingerprint });
    expect((await verifyRecord(record, { expectedFingerprint: fingerprint.toUpperCase() })).ok).toBe(true);
  });

  it('refuses a record signed by another key than the one asked for', async () => {
    const { record } = signedRecord();
    const other = signedRecord().fingerprint;
    expect(await verifyRecord(record, { expectedFingerprint: other })).toMatchObject({
      ok: false,
      reason: expect.stringContaining(`not by the key ${other} you asked for`),
    });
  });

  it('refuses a record re-signed in part: a forged signature value', async () => {
    const { record } = signedRecord();
    const forged = { ...record, signature: { ...record.signature, value: signedRecord().record.signature.value } };
    expect(await verifyRecord(forged)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the Ed25519 signature does not match'),
    });
  });

  it('refuses a signature whose last base64 character was changed in bits the decoder ignores', async () => {
    const { record } = signedRecord();
    const { value, publicKey } = record.signature;
    // 64 bytes end in "x==" where x carries 2 bits of data and 4 unused ones: flip an unused one.
    const flip = (text: string, padding: number) => {
      const at = text.length - padding - 1;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
      const changed = alphabet[alphabet.indexOf(text[at] ?? 'A') ^ 1] ?? 'A';
      return `${text.slice(0, at)}${changed}${text.slice(at + 1)}`;
    };
    const sameBytes = flip(value, 2);
    expect(Buffer.from(sameBytes, 'base64').equals(Buffer.from(value, 'base64'))).toBe(true);
    expect(await verifyRecord({ ...record, signature: { ...record.signature, value: sameBytes } })).toMatchObject({
      ok: false,
      reason: "the signature's value is not canonical base64: it was changed",
    });
    expect(
      await verifyRecord({ ...record, signature: { ...record.signature, publicKey: flip(publicKey, 1) } }),
    ).toMatchObject({ ok: false, reason: "the signature's public key is not canonical base64: it was changed" });
  });
});

describe('a key given to check against (the /verify page)', () => {
  it('reads a PEM block, the raw key in base64 or a fingerprint, and says why it cannot', () => {
    const { record, pem, fingerprint } = signedRecord();
    expect(parseGivenKey(pem)).toMatchObject({ kind: 'key' });
    expect(parseGivenKey(record.signature.publicKey)).toMatchObject({ kind: 'key' });
    expect(parseGivenKey(fingerprint.match(/../g)?.join(':') ?? '')).toEqual({ kind: 'fingerprint', fingerprint });
    expect(parseGivenKey('')).toEqual({ error: 'Paste a public key or its fingerprint.' });
    expect(parseGivenKey('-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----')).toEqual({
      error: 'Paste the PUBLIC KEY block (never a private key).',
    });
    expect(parseGivenKey('hello')).toMatchObject({ error: expect.stringContaining('Not a public key') });
  });

  it('verifies against the pasted PEM of its key, and refuses another key', async () => {
    const { record, pem, fingerprint } = signedRecord();
    const own = parseGivenKey(pem);
    if ('error' in own) throw new Error(own.error);
    expect(await verifyRecord(record, optionsForGivenKey(own))).toMatchObject({
      ok: true,
      keyChecked: true,
      keyFingerprint: fingerprint,
    });
    const other = parseGivenKey(signedRecord().pem);
    if ('error' in other) throw new Error(other.error);
    expect(await verifyRecord(record, optionsForGivenKey(other))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('it was not signed by that server'),
    });
  });

  it('answers a file that is not JSON instead of throwing', async () => {
    expect(await verifyRecordText('{"format": "stationbid')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the file is not JSON'),
    });
  });

  it('keeps the shared core free of Node: no node: import in what the browser loads', async () => {
    for (const file of ['index.ts', 'verify-record.ts', 'record-crypto.ts', 'key-text.ts']) {
      const source = await readFile(path.join(import.meta.dirname, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"]node:|\bBuffer\.|require\(/);
    }
  });
});

describe('stationbid-verify', () => {
  it('prints "verified: N awards reproduced" and exits 0', async () => {
    const { text, fingerprint } = signedRecord();
    const { code, stdout } = await runCli([await recordFile(text), '--key', fingerprint]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^verified: 3 awards reproduced\n/);
    expect(stdout).toContain('replayed 7 commands through the bid engine: all 8 history entries');
    expect(stdout).toContain(
      '3 reasons ("why this seat") rebuilt from the history, in America/Chicago, and found as recorded',
    );
  });

  it('names the first entry that differs when one byte of a seat is changed, and exits 1', async () => {
    const { text } = signedRecord();
    // Frankie's auto-bid seat: shift "B" becomes "C" in the history's fifth entry (its seat comes
    // after entry 4's "sequence" in canonical key order, after the command's own choices).
    const entryFour = text.indexOf('"sequence": 4', text.indexOf('"history"'));
    const at = text.indexOf('"shift": "B"', text.indexOf('"seatId"', entryFour));
    expect(at).toBeGreaterThan(0);
    const changed = `${text.slice(0, at)}"shift": "C"${text.slice(at + '"shift": "B"'.length)}`;
    const { code, stdout } = await runCli([await recordFile(changed)]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^NOT verified \(first failing entry: 5\): entry 5 \(auto_assigned at .*\) hashes to/);
  });

  it('says what is wrong with a file that is not a record', async () => {
    const cut = await runCli([await recordFile('{"format": "stationbid-session-rec')]);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toMatch(/^NOT verified: the file is not JSON .*was it changed or cut short\?/);
    const missing = await runCli(['/nonexistent/record.json']);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('cannot read /nonexistent/record.json') });
    const usage = await runCli([]);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('usage: node verify.mjs <record.json>') });
  });

  it('checks against the PEM in a key file (--key) and a fingerprint (--fingerprint), and refuses another key', async () => {
    const { text, pem, fingerprint } = signedRecord();
    const file = await recordFile(text);
    const keyFile = path.join(path.dirname(file), 'record-key.pem');
    await writeFile(keyFile, pem);

    const byKeyFile = await runCli([file, '--key', keyFile]);
    expect(byKeyFile.code).toBe(0);
    expect(byKeyFile.stdout).toMatch(/^verified: 3 awards reproduced\n/);
    expect(byKeyFile.stdout).toContain(`signed with Ed25519 key ${fingerprint} (the key you asked for)`);
    // The saved answer of GET /api/record-key, as curl writes it.
    const answerFile = path.join(path.dirname(file), 'record-key.json');
    await writeFile(answerFile, JSON.stringify({ algorithm: 'Ed25519', publicKeyPem: pem, fingerprint }));
    expect((await runCli([file, '--key', answerFile])).code).toBe(0);
    const withColons = fingerprint.match(/../g)?.join(':') ?? '';
    expect((await runCli([file, '--fingerprint', withColons])).code).toBe(0);

    const other = await runCli([file, '--fingerprint', signedRecord().fingerprint]);
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(/^NOT verified: the record is signed by key [0-9a-f]{64}, not by the key/);
  });

  it('says loudly, and exits 2, when no key is given: the record was checked only against itself', async () => {
    const { text, fingerprint } = signedRecord();
    const { code, stdout } = await runCli([await recordFile(text)]);
    expect(code).toBe(2);
    expect(stdout).toMatch(/^checked against itself only: 3 awards reproduced \(NO KEY GIVEN/);
    expect(stdout).not.toMatch(/^verified/m);
    expect(stdout).toContain(`signed with Ed25519 key ${fingerprint}, which was NOT compared with any key you trust`);
    // Its own paragraph, after a blank line.
    const paragraph = stdout.split('\n\n')[1] ?? '';
    expect(paragraph).toMatch(/^!!! WARNING: no key was given, so this record was checked only against itself\./);
    expect(paragraph).toContain('anyone can change a record and sign it again with a key of their');
    expect(paragraph).toContain('--key <file>');
  });

  it('refuses a key it cannot read, and documents its exit codes in --help', async () => {
    const file = await recordFile(signedRecord().text);
    const notHex = await runCli([file, '--fingerprint', 'abc']);
    expect(notHex).toMatchObject({ code: 1, stderr: expect.stringContaining('--fingerprint abc: not a fingerprint') });
    const noKeyFile = await runCli([file, '--key', '/nonexistent/key.pem']);
    expect(noKeyFile).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--key /nonexistent/key.pem: cannot read the key file'),
    });
    const twice = await runCli([file, '--key', 'a', '--fingerprint', 'b']);
    expect(twice).toMatchObject({ code: 1, stderr: expect.stringContaining('give --key or --fingerprint, once') });

    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: node verify.mjs <record.json> [--key <key.pem> | --fingerprint <hex>]');
    expect(help.stdout).toMatch(/^ {2}0 {2}verified: the record holds together and is signed by the key given$/m);
    expect(help.stdout).toMatch(/^ {2}1 {2}NOT verified/m);
    expect(help.stdout).toMatch(
      /^ {2}2 {2}the record holds together, but no key was given: checked only against itself$/m,
    );
  });
});

describe('verify.mjs, the one-file verifier (build-verifier.mjs)', () => {
  it('runs under plain node from any folder, with nothing installed beside it', { timeout: 60_000 }, async () => {
    const { buildVerifier } = await import('../build-verifier.mjs');
    const bytes: Uint8Array = await buildVerifier();
    const folder = await mkdtemp(path.join(tmpdir(), 'stationbid-verifier-'));
    const verifier = path.join(folder, 'verify.mjs');
    await writeFile(verifier, bytes);
    const { text, pem, fingerprint } = signedRecord();
    const file = await recordFile(text);
    const keyFile = path.join(folder, 'record-key.pem');
    await writeFile(keyFile, pem);

    const node = async (args: string[]) => {
      try {
        const { stdout } = await run(process.execPath, [verifier, ...args], { cwd: folder });
        return { code: 0, stdout };
      } catch (error) {
        const failed = error as { code?: number; stdout?: string };
        return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
      }
    };
    const keyed = await node([file, '--key', keyFile]);
    expect(keyed).toMatchObject({ code: 0, stdout: expect.stringMatching(/^verified: 3 awards reproduced\n/) });
    expect(keyed.stdout).toContain(`signed with Ed25519 key ${fingerprint} (the key you asked for)`);
    expect(await node([file])).toMatchObject({
      code: 2,
      stdout: expect.stringContaining('!!! WARNING: no key was given'),
    });
    expect((await node([file, '--fingerprint', signedRecord().fingerprint])).code).toBe(1);

    // Self-contained: no import but Node's own modules.
    const source = new TextDecoder().decode(bytes);
    const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((name) => !name?.startsWith('node:'))).toEqual([]);
    // The same sources build the same bytes.
    expect(Buffer.from(await buildVerifier()).equals(Buffer.from(bytes))).toBe(true);
  });
});
