// Extranet (issue 16): the broker software of Claudia Krüger's agency asks with the demo key for a
// single-use link into a contract its sub-agent Wolf looks after (Weber Digitalagentur, 9000000203;
// only read here) and into Anna Schneider's customer data; the link opens once in the browser, a
// reload in the same tab still shows it and downloads the contract's policy, a second opening in
// another tab gets the German page. Axe on every page at both widths. Nothing in the demo data changes.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { importJWK, SignJWT } from 'jose';
import { expect, expectNoAxeViolations, test } from './fixtures';

/** The demo key pair of docs/api/extranet.md (demo data only). */
const DEMO_PRIVATE_JWK = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'Q1P2oeASybxVutb9xri26NDHQz10Ihey5PkUssWFZ5c',
  d: 'xf43HnOD972ssAEL7SYf45CATZvxIWvqxxUtJRNL9zo',
};
const DEMO_KID = 'qZWLnBNIyS0YgWuj7Mb-kDfCpnQetsRUbTSRt2olCG0';

async function machineJwt(): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'EdDSA', kid: DEMO_KID })
    .setIssuer('4711000001')
    .setAudience('schirm-extranet')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 120)
    .setJti(randomUUID())
    .sign(await importJWK(DEMO_PRIVATE_JWK, 'EdDSA'));
}

/** The link's path (the URL names the configured public base URL). */
async function requestLink(request: APIRequestContext, id: string, art: 'vertrag' | 'kundendaten') {
  const response = await request.post(`/api/dgg-bipro-maklerpost/extranet/request/${id}/`, {
    headers: { authorization: `Bearer ${await machineJwt()}` },
    data: { art },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  return new URL(url).pathname;
}

test.describe('Extranet at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the broker software’s link opens the sub-agent’s contract once; a second opening is refused', async ({
    page,
    context,
    request,
    visit,
  }) => {
    const path = await requestLink(request, '9000000203', 'vertrag');
    expect(path).toMatch(/^\/extranet\/vertrag\/[A-Za-z0-9_-]{20,}$/);

    await visit(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Vertrag 9000000203' })).toBeVisible();
    await expect(page.getByText(/Weber Digitalagentur GmbH/).first()).toBeVisible();
    await expect(page.getByText(/Nur zur Ansicht/)).toBeVisible();
    // No way from the link to the rest of the portal: only the skip link to the page's own content.
    await expect(page.getByRole('link').filter({ hasNotText: /Zum Inhalt/ })).toHaveCount(0);
    // The contract's policy downloads with the page's view token; downloads are the only buttons.
    await expect(
      page
        .getByRole('main')
        .getByRole('button')
        .filter({ hasNotText: /herunterladen \(PDF\)$/ }),
    ).toHaveCount(0);
    const downloadStarted = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'Dokumente' })
      .getByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' })
      .click();
    expect((await downloadStarted).suggestedFilename()).toBe('Versicherungsschein 9000000203.pdf');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Vertrag 9000000203' })).toBeVisible();

    const second = await context.newPage();
    await second.goto(path);
    await expect(second.getByRole('heading', { level: 1, name: 'Link bereits verwendet' })).toBeVisible();
    await expect(second.getByText(/erneut aus Ihrer Maklersoftware/)).toBeVisible();
    await expect(second.getByText('9000000203')).toHaveCount(0);
    await expectNoAxeViolations(second, 'used extranet link');
    await second.close();
  });
});

test.describe('Extranet at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the customer data link shows Anna Schneider read-only; an unknown link says what to do', async ({
    page,
    request,
    visit,
  }) => {
    await visit(await requestLink(request, '1000000001', 'kundendaten'));
    await expect(page.getByRole('heading', { level: 1, name: 'Kundendaten: Anna Schneider' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: '9000000101' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);

    await visit('/extranet/vertrag/unbekannterLinkUnbekannterLink1234/');
    await expect(page.getByRole('heading', { level: 1, name: 'Link ungültig' })).toBeVisible();
    await expect(page.getByText(/erneut aus Ihrer Maklersoftware/)).toBeVisible();
  });
});
