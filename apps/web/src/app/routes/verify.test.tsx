/**
 * /verify with a real record: the domain's played test session, made into a record by the same
 * function the server uses and signed with Ed25519 as the server signs (the digest's 32 bytes).
 * The page must run the whole check (signature via WebCrypto, chain, replay) and say what it found.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN, buildUser, REFRESH_TOKEN } from '../../test/fixtures.ts';
import { jsonResponse } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { signedRecord } from '../../test/signed-record.ts';

function recordKeyAnswer(key: { fingerprint: string; pem: string; publicKey: string }) {
  return () =>
    jsonResponse(200, {
      algorithm: 'Ed25519',
      publicKeyPem: key.pem,
      publicKey: key.publicKey,
      fingerprint: key.fingerprint,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
}

function recordFile(text: string) {
  return new File([text], 'session-record.json', { type: 'application/json' });
}

const GENUINE = 'This record is genuine and complete: no pick was changed after it was made';
const NOT_TRUSTED = 'This record cannot be trusted: it is not as it was made';

/** The result region once its verdict heading reads `verdict` (the replay takes a moment). */
async function findResult(verdict: string) {
  const region = screen.getByRole('region', { name: 'Verification result' });
  await within(region).findByRole('heading', { name: verdict }, { timeout: 10_000 });
  return region;
}

/** The folded technical detail of a result: closed until opened. */
function technicalDetails(region: HTMLElement): HTMLDetailsElement {
  const summary = within(region).getByText('Technical details');
  return summary.closest('details') as HTMLDetailsElement;
}

describe('VerifyPage', () => {
  it('verifies a record signed by the server key: every award reproduced by the replay', async () => {
    const signed = await signedRecord();
    const { user } = renderApp({
      path: '/verify',
      signedInAs: buildUser(),
      api: { 'GET /api/record-key': recordKeyAnswer(signed) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a Session Record' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Server key fingerprint')).toHaveValue(signed.fingerprint);

    await user.upload(screen.getByLabelText('Record file'), recordFile(signed.text));

    // The verdict first, as the result's heading, then what was checked in plain words.
    const result = await findResult(GENUINE);
    const verdict = within(result).getByRole('status');
    expect(verdict.textContent?.startsWith(GENUINE)).toBe(true);
    expect(result).toHaveTextContent("made and signed by this department's StationBid server");
    expect(result).toHaveTextContent('gives every member the same seat (3 seats awarded)');
    expect(result).toHaveTextContent('(3 reasons checked)');
    // The technical words are folded below, closed until asked for.
    const details = technicalDetails(result);
    expect(details.open).toBe(false);
    const plainPart = result.textContent?.slice(0, result.textContent.indexOf('Technical details')) ?? '';
    expect(plainPart).not.toMatch(/Ed25519|hash|replay|bid engine|SHA-256/i);
    await user.click(within(details).getByText('Technical details'));
    expect(details.open).toBe(true);
    expect(details).toHaveTextContent('Verified: 3 awards reproduced');
    expect(details).toHaveTextContent('replayed 7 commands through the bid engine: all 8 history entries');
    expect(details).toHaveTextContent('3 reasons ("why this seat") rebuilt from the history, in America/Chicago');
    expect(details).toHaveTextContent(`Signed with Ed25519 key ${signed.fingerprint}, the key you checked against`);
  });

  it('names the first entry that differs in a tampered record', async () => {
    const signed = await signedRecord();
    const { user } = renderApp({
      path: '/verify',
      signedInAs: buildUser(),
      api: { 'GET /api/record-key': recordKeyAnswer(signed) },
    });
    await screen.findByLabelText('Server key fingerprint');
    // Frankie's auto-assigned seat, in the fifth history entry, moved from shift B to C.
    const entryFour = signed.text.indexOf('"sequence": 4', signed.text.indexOf('"history"'));
    const at = signed.text.indexOf('"shift": "B"', signed.text.indexOf('"seatId"', entryFour));
    const tampered = `${signed.text.slice(0, at)}"shift": "C"${signed.text.slice(at + '"shift": "B"'.length)}`;

    await user.upload(screen.getByLabelText('Record file'), recordFile(tampered));

    const alert = await findResult(NOT_TRUSTED);
    expect(alert).toHaveTextContent("The 5th entry in the session's history is not as it was written.");
    const details = technicalDetails(alert);
    expect(details.open).toBe(false);
    expect(details).toHaveTextContent('First entry that differs: 5');
    expect(details).toHaveTextContent(/Entry 5 \(auto_assigned at .*\) hashes to .*its content was changed/);
  });

  it('checks against a pasted public key, and refuses a record this server did not sign', async () => {
    const signed = await signedRecord();
    const server = await signedRecord();
    const { user } = renderApp({
      path: '/verify',
      signedInAs: buildUser(),
      api: { 'GET /api/record-key': recordKeyAnswer(server) },
    });
    await screen.findByLabelText('Server key fingerprint');
    await user.upload(screen.getByLabelText('Record file'), recordFile(signed.text));
    expect(await findResult(NOT_TRUSTED)).toHaveTextContent('it was not signed by that server');

    // The choice of key is folded away until asked for.
    const keyChoice = screen.getByText('Which key the record is checked against').closest('details');
    expect(keyChoice?.open).toBe(false);
    await user.click(screen.getByText('Which key the record is checked against'));
    expect(keyChoice?.open).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Another public key' }));
    const keyField = screen.getByRole('textbox', { name: 'Public key' });
    await user.type(keyField, 'not a key');
    expect(await screen.findByText(/Not a public key: paste a PEM block/)).toBeInTheDocument();

    await user.clear(keyField);
    await user.click(keyField);
    await user.paste(signed.pem);
    const verified = await findResult(GENUINE);
    expect(verified).toHaveTextContent('signed with the key you gave');
    expect(technicalDetails(verified)).toHaveTextContent('the key you checked against');
  });

  it('says the file was checked once the answer is there, and checking only while it runs', async () => {
    const signed = await signedRecord();
    const { user } = renderApp({
      path: '/verify',
      signedInAs: buildUser(),
      api: { 'GET /api/record-key': recordKeyAnswer(signed) },
    });
    await screen.findByLabelText('Server key fingerprint');
    await user.upload(screen.getByLabelText('Record file'), recordFile(signed.text));

    await findResult(GENUINE);
    const zone = screen.getByTestId('record-drop-zone');
    expect(within(zone).getByText(/^Checked/)).toHaveTextContent('Checked session-record.json');
    expect(within(zone).queryByText(/Checking/)).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Checking the record' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, and back to /verify afterwards', async () => {
    const member = buildUser();
    const signed = await signedRecord();
    const { user, router } = renderApp({
      path: '/verify',
      api: {
        'POST /api/auth/login': () =>
          jsonResponse(200, { user: member, token: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN }),
        'GET /api/auth/me': () => jsonResponse(200, { user: member }),
        'GET /api/record-key': recordKeyAnswer(signed),
      },
    });

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/verify');

    await user.type(screen.getByLabelText('Email'), 'alex.morgan@stationbid.example');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a Session Record' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    expect(await screen.findByLabelText('Server key fingerprint')).toHaveValue(signed.fingerprint);
  });
});
