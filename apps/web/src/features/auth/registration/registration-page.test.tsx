import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, renderAuthRoutes } from '../testing/render-auth';
import { RegistrationPage } from './registration-page';

const verification = {
  verificationId: 'ver-1',
  destination: '+49 ••• ••••• 88',
  expiresAt: '2026-11-22T10:05:00.000Z',
};

function renderRegistration(search = '') {
  return renderAuthRoutes(
    [{ path: '/kunden/login/registrieren', element: <RegistrationPage /> }],
    `/kunden/login/registrieren/${search}`,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration page', () => {
  it('asks for the access link with contract number and e-mail and answers neutrally', async () => {
    const api = fakeApi({
      'POST /api/benutzer/zugang/email/9000000401': [() => json(202, { accepted: true })],
    });
    renderRegistration();
    await userEvent.type(screen.getByRole('textbox', { name: 'Vertragsnummer' }), 'abc');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'E-Mail-Adresse' }),
      'sophie.lehmann@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(
      await screen.findByText(
        'Bitte geben Sie Ihre Vertragsnummer so ein, wie sie auf Ihrem Versicherungsschein steht.',
      ),
    ).toBeVisible();
    expect(api.calls).toEqual([]);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Vertragsnummer' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Vertragsnummer' }), ' 9000000401 ');
    await userEvent.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByRole('heading', { name: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();
    expect(
      screen.getByText(/haben wir Ihnen einen Link an sophie\.lehmann@example\.com gesendet/),
    ).toBeVisible();
    expect(api.calls[0]?.body).toEqual({ email: 'sophie.lehmann@example.com' });
  });

  it(
    'with a valid link: password and mobile number, the TAN (a new one on request), then active',
    { timeout: 20_000 },
    async () => {
      const api = fakeApi({
        'GET /api/benutzer/zugang/link/verification': [
          () =>
            json(200, {
              status: 'VALID',
              email: 'Sophie.Lehmann@example.com',
              expiresAt: '2026-11-23T10:00:00Z',
            }),
        ],
        'POST /api/benutzer/zugang/link': [() => json(202, verification)],
        'POST /api/verifikation/tan/generieren': [
          () => json(202, { ...verification, destination: '+49 ••• ••••• 88' }),
        ],
        'POST /api/verifikation/tan/pruefen': [
          () => apiError(400, 'TAN_INVALID', 'Der Code ist falsch. Sie haben noch 2 Versuche.'),
          () => json(200, { status: 'VERIFIED', purpose: 'REGISTRATION' }),
        ],
      });
      renderRegistration('?token=link-token');
      expect(
        await screen.findByText(/Sophie\.Lehmann@example\.com ist künftig Ihr Anmeldename/),
      ).toBeVisible();

      await userEvent.type(screen.getByLabelText('Passwort', { exact: true }), 'Sophie-Schirm-2026?');
      await userEvent.type(screen.getByRole('textbox', { name: 'Handynummer' }), '+49 152 00000888');
      await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
      expect(
        await screen.findByRole('heading', { name: 'Handynummer bestätigen' }, { timeout: 10_000 }),
      ).toHaveFocus();
      const setup = api.calls.find((call) => call.path === '/api/benutzer/zugang/link');
      expect(setup?.body).toEqual({
        token: 'link-token',
        salt: expect.stringMatching(/^[0-9a-f]+$/),
        verifier: expect.stringMatching(/^[0-9a-f]+$/),
        handynummer: '+4915200000888',
      });
      expect(JSON.stringify(setup)).not.toContain('Sophie-Schirm-2026?');

      await userEvent.click(screen.getByRole('button', { name: 'Neuen Code senden' }));
      expect(await screen.findByText('Wir haben Ihnen einen neuen Code gesendet.')).toBeVisible();
      const tan = screen.getByRole('textbox', { name: 'Code aus der SMS' });
      await userEvent.type(tan, '111111');
      await userEvent.click(screen.getByRole('button', { name: 'Zugang aktivieren' }));
      expect(await screen.findByText('Der Code ist falsch. Sie haben noch 2 Versuche.')).toBeVisible();
      await userEvent.type(tan, '222222');
      await userEvent.click(screen.getByRole('button', { name: 'Zugang aktivieren' }));
      expect(await screen.findByRole('heading', { name: 'Ihr Zugang ist eingerichtet' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Jetzt anmelden' })).toHaveAttribute('href', '/kunden/login/');
      expect(
        api.calls
          .filter((call) => call.path.startsWith('/api/verifikation'))
          .map((call) => call.authorization),
      ).toEqual([null, null, null]);
    },
  );

  it('says when the link has expired and leads to a new one', async () => {
    fakeApi({ 'GET /api/benutzer/zugang/link/verification': [() => json(200, { status: 'EXPIRED' })] });
    renderRegistration('?token=old');
    expect(
      await screen.findByText('Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen Link an.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/kunden/login/registrieren/',
    );
  });
});
