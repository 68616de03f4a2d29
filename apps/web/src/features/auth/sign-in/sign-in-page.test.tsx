import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createVerifierAndSalt, SRPServerSession, type SRPServerSessionStep1 } from 'tssrp6a';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '../api/session-api';
import { session } from '../session/session';
import { createRoutines } from '../srp/srp-client';
import { apiError, fakeApi, json, renderAuthRoutes, setFlags, type Answer } from '../testing/render-auth';
import { SignInPage } from './sign-in-page';

const USERNAME = 'anna.schneider@example.com';
const PASSWORD = 'Schirm-Demo-2026!';

const tokens: TokenResponse = {
  accessToken: 'access-1',
  tokenType: 'Bearer',
  expiresIn: 600,
  expiresAt: '2026-11-22T10:10:00.000Z',
  user: { pool: 'benutzer', username: USERNAME, nickname: 'Anna', partnerId: 'p-1', agentId: null },
};

const SIGN_IN_FAILED = apiError(
  401,
  'SIGN_IN_FAILED',
  'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.',
);

/**
 * The server side of SRP for one account, as in docs/api/identity.md: init answers salt and B,
 * verify checks M1 and answers M2 with the next challenge.
 */
async function srpAccount(challenge: Record<string, unknown> = {}) {
  const routines = createRoutines();
  const { s, v } = await createVerifierAndSalt(routines, USERNAME, PASSWORD);
  let server: SRPServerSessionStep1 | undefined;
  const init: Answer = async ({ body }) => {
    expect(body).toEqual({ pool: 'benutzer', username: USERNAME });
    server = await new SRPServerSession(routines).step1(USERNAME, s, v);
    return json(200, { session: 'srp-session', salt: s.toString(16), B: server.B.toString(16) });
  };
  const verify: Answer = async ({ body }) => {
    const { A, M1 } = body as { A: string; M1: string };
    try {
      const M2 = await server!.step2(BigInt(`0x${A}`), BigInt(`0x${M1}`));
      return json(200, {
        challenge: 'CUSTOM_CHALLENGE',
        session: 'tan-session',
        M2: M2.toString(16),
        deliveryMedium: 'SMS',
        destination: '+49 ••• ••••• 01',
        expiresAt: '2026-11-22T10:05:00.000Z',
        ...challenge,
      });
    } catch {
      return SIGN_IN_FAILED;
    }
  };
  return { init, verify };
}

function renderSignIn() {
  return renderAuthRoutes(
    [
      { path: '/kunden/login', element: <SignInPage portal="kunden" /> },
      { path: '/kunden', element: <h1>Startseite Kundenportal</h1> },
    ],
    '/kunden/login/',
  );
}

async function enterCredentials(username = '  Anna.Schneider@Example.com ', password = PASSWORD) {
  await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), username);
  await userEvent.type(screen.getByLabelText('Passwort', { exact: true }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in page', () => {
  it(
    'proves the password by SRP (lower-cased name), asks for the SMS TAN and signs in',
    { timeout: 20_000 },
    async () => {
      const account = await srpAccount();
      const api = fakeApi({
        'POST /api/auth/sign-in/init': [account.init],
        'POST /api/auth/sign-in/verify': [account.verify],
        'POST /api/auth/sign-in/tan': [() => json(200, tokens)],
      });
      await setFlags({ 'mfa-code-autocomplete': true });
      renderSignIn();

      await enterCredentials();
      expect(
        await screen.findByRole('heading', { name: 'Anmeldung bestätigen' }, { timeout: 10_000 }),
      ).toHaveFocus();
      expect(
        screen.getByText(/per SMS an \+49 ••• ••••• 01 gesendet\. Er ist 5 Minuten gültig\./),
      ).toBeVisible();
      const tan = screen.getByRole('textbox', { name: 'Code aus der SMS' });
      expect(tan).toHaveAttribute('autocomplete', 'one-time-code');
      await userEvent.type(tan, '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));

      expect(await screen.findByRole('heading', { name: 'Startseite Kundenportal' })).toBeVisible();
      expect(api.calls.at(-1)).toMatchObject({
        path: '/api/auth/sign-in/tan',
        body: { session: 'tan-session', tan: '123456' },
      });
      // The password itself never left the browser.
      expect(JSON.stringify(api.calls)).not.toContain(PASSWORD);
      expect(session.getState()).toMatchObject({ status: 'signed-in', accessToken: 'access-1' });
    },
  );

  it(
    'asks for the missing e-mail address and password at the fields, focuses the first, and sends nothing',
    { timeout: 20_000 },
    async () => {
      const api = fakeApi({});
      renderSignIn();

      await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
      expect(
        await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.', {}, { timeout: 10_000 }),
      ).toBeVisible();
      expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeVisible();
      const email = screen.getByRole('textbox', { name: 'E-Mail-Adresse' });
      expect(email).toHaveFocus();
      expect(email).toBeInvalid();
      expect(email).toBeRequired();
      expect(email).toHaveAccessibleDescription('Bitte geben Sie Ihre E-Mail-Adresse ein.');
      expect(screen.getByLabelText('Passwort', { exact: true })).toHaveAccessibleDescription(
        'Bitte geben Sie Ihr Passwort ein.',
      );
      expect(screen.getAllByRole('alert')).toHaveLength(2);
      // After the first submit the check follows every change.
      await userEvent.type(email, 'anna@example.com');
      expect(screen.queryByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).not.toBeInTheDocument();
      expect(email).toBeValid();
      await userEvent.clear(email);
      // Spaces only are no e-mail address (trimmed before the check).
      await userEvent.type(email, '   ');
      await userEvent.type(screen.getByLabelText('Passwort', { exact: true }), PASSWORD);
      await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
      expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeVisible();
      expect(screen.queryByText('Bitte geben Sie Ihr Passwort ein.')).not.toBeInTheDocument();
      expect(api.calls).toEqual([]);
    },
  );

  it('shows and hides the password with its toggle', { timeout: 20_000 }, async () => {
    fakeApi({});
    renderSignIn();
    const password = await screen.findByLabelText('Passwort', { exact: true }, { timeout: 10_000 });
    await userEvent.type(password, PASSWORD);
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Passwort anzeigen', pressed: false }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue(PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Passwort verbergen', pressed: true }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it(
    'sends the password once while the sign-in is under way, and shows that it is',
    { timeout: 20_000 },
    async () => {
      const account = await srpAccount();
      let releaseInit: () => void = () => undefined;
      const initHeld = new Promise<void>((resolve) => {
        releaseInit = resolve;
      });
      const api = fakeApi({
        'POST /api/auth/sign-in/init': [
          async (call) => {
            await initHeld;
            return account.init(call);
          },
        ],
        'POST /api/auth/sign-in/verify': [account.verify],
      });
      renderSignIn();
      await enterCredentials();
      const submit = screen.getByRole('button', { name: 'Weiter' });
      await waitFor(() => expect(submit).toHaveAttribute('aria-disabled', 'true'));
      await userEvent.click(submit);
      await userEvent.type(screen.getByLabelText('Passwort', { exact: true }), '{Enter}');
      releaseInit();

      expect(
        await screen.findByRole('heading', { name: 'Anmeldung bestätigen' }, { timeout: 10_000 }),
      ).toBeVisible();
      expect(api.calls.filter((call) => call.path === '/api/auth/sign-in/init')).toHaveLength(1);
    },
  );

  it(
    'answers a wrong password with the one neutral message and empties the password field',
    { timeout: 20_000 },
    async () => {
      const account = await srpAccount();
      fakeApi({
        'POST /api/auth/sign-in/init': [account.init],
        'POST /api/auth/sign-in/verify': [account.verify],
      });
      renderSignIn();

      await enterCredentials(USERNAME, 'Falsch-2026!');
      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
      expect(alert).toHaveTextContent('Die Anmeldung ist fehlgeschlagen');
      expect(alert).toHaveTextContent('Bitte prüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.');
      expect(alert).toHaveTextContent('für 15 Minuten gesperrt');
      expect(screen.getByLabelText('Passwort', { exact: true })).toHaveValue('');
      expect(screen.queryByRole('heading', { name: 'Anmeldung bestätigen' })).not.toBeInTheDocument();
    },
  );

  it(
    'does not trust a server whose evidence M2 does not prove the verifier',
    { timeout: 20_000 },
    async () => {
      const account = await srpAccount({ M2: 'abc123' });
      fakeApi({
        'POST /api/auth/sign-in/init': [account.init],
        'POST /api/auth/sign-in/verify': [account.verify],
      });
      renderSignIn();
      await enterCredentials();
      expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
        'Die Anmeldung ist fehlgeschlagen',
      );
      expect(screen.queryByRole('heading', { name: 'Anmeldung bestätigen' })).not.toBeInTheDocument();
    },
  );

  it(
    'shows a wrong TAN at the field and starts over after the third wrong TAN',
    { timeout: 20_000 },
    async () => {
      const account = await srpAccount();
      fakeApi({
        'POST /api/auth/sign-in/init': [account.init],
        'POST /api/auth/sign-in/verify': [account.verify],
        'POST /api/auth/sign-in/tan': [
          () => apiError(400, 'TAN_INVALID', 'Der Code ist falsch. Sie haben noch 2 Versuche.'),
          () => apiError(401, 'TAN_ATTEMPTS_EXCEEDED', 'Der Code wurde zu oft falsch eingegeben.'),
        ],
      });
      await setFlags({ 'mfa-code-autocomplete': false });
      renderSignIn();
      await enterCredentials();
      const tan = await screen.findByRole('textbox', { name: 'Code aus der SMS' }, { timeout: 10_000 });
      expect(tan).toHaveAttribute('autocomplete', 'off');

      await userEvent.type(tan, '111111');
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect(await screen.findByText('Der Code ist falsch. Sie haben noch 2 Versuche.')).toBeVisible();
      expect(tan).toHaveValue('');
      expect(tan).toHaveFocus();

      await userEvent.type(tan, '222222');
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect(await screen.findByText(/Der Code wurde dreimal falsch eingegeben/)).toBeVisible();
      expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toBeVisible();
    },
  );

  it(
    'replaces an initial password (policy of spec §5) and sets the nickname before the TAN',
    { timeout: 20_000 },
    async () => {
      const account = await srpAccount({ challenge: 'NEW_PASSWORD_REQUIRED', session: 'np-session' });
      const api = fakeApi({
        'POST /api/auth/sign-in/init': [account.init],
        'POST /api/auth/sign-in/verify': [account.verify],
        'POST /api/auth/sign-in/new-password': [
          () =>
            json(200, {
              challenge: 'CUSTOM_CHALLENGE',
              session: 'tan-session',
              deliveryMedium: 'SMS',
              destination: '+49 ••• ••••• 01',
              expiresAt: '2026-11-22T10:05:00.000Z',
            }),
        ],
      });
      renderSignIn();
      await enterCredentials();
      expect(
        await screen.findByRole('heading', { name: 'Neues Passwort festlegen' }, { timeout: 10_000 }),
      ).toHaveFocus();

      const password = screen.getByLabelText('Neues Passwort', { exact: true });
      await userEvent.type(password, 'kurz');
      await userEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
      expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible();
      expect(screen.getByText('Bitte geben Sie an, wie wir Sie ansprechen dürfen.')).toBeVisible();

      await userEvent.clear(password);
      await userEvent.type(password, 'Mein-Neues-2026!');
      await userEvent.type(screen.getByRole('textbox', { name: 'Wie dürfen wir Sie ansprechen?' }), ' Anna ');
      await userEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
      expect(
        await screen.findByRole('heading', { name: 'Anmeldung bestätigen' }, { timeout: 10_000 }),
      ).toBeVisible();

      const sent = api.calls.find((call) => call.path === '/api/auth/sign-in/new-password');
      expect(sent?.body).toEqual({
        session: 'np-session',
        salt: expect.stringMatching(/^[0-9a-f]+$/),
        verifier: expect.stringMatching(/^[0-9a-f]+$/),
        nickname: 'Anna',
      });
      expect(JSON.stringify(sent)).not.toContain('Mein-Neues-2026!');
    },
  );
});
