// Helpers of the identity E2E specs: reading TANs, codes and links from the development outbox page
// (/entwicklung/postausgang, localhost only) the way a person trying the demo would, and signing in.
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { normalizeUsername, PORTALS, type Portal } from '../apps/web/src/features/auth/portals';
import { provePassword } from '../apps/web/src/features/auth/srp/srp-client';

/** Password of every demo account (printed by `npm start`). */
export const DEMO_PASSWORD = 'Schirm-Demo-2026!';

/** Demo people (apps/server/src/db/demo/portfolio/demo-people.ts). */
export const DEMO = {
  anna: { email: 'anna.schneider@example.com', mobile: '+4915200000101' },
  /** Has a contract but no account: the registration is tried with her. */
  sophie: { email: 'sophie.lehmann@example.com', mobile: '+4915200000104', contract: '9000000401' },
  agent: { email: 'claudia.krueger@example.com', mobile: '+4915200000201' },
} as const;

/** A German mobile number as Meine Daten shows it: '+4915200000101' → '+49 1520 0000101'. */
export function shownMobile(mobile: string): string {
  return mobile.replace(/^\+49(\d{4})(\d+)$/, '+49 $1 $2');
}

/** The development outbox in a tab of its own. */
export class DevOutbox {
  private constructor(private readonly page: Page) {}

  static async open(context: BrowserContext): Promise<DevOutbox> {
    return new DevOutbox(await context.newPage());
  }

  private async show(to: string): Promise<void> {
    await this.page.goto(`/entwicklung/postausgang?an=${encodeURIComponent(to)}`);
    await expect(
      this.page
        .getByRole('list', { name: 'Nachrichten, neueste zuerst' })
        .or(this.page.getByText('Noch keine Nachrichten')),
    ).toBeVisible();
  }

  /** How many messages went to the address or number so far. */
  async count(to: string): Promise<number> {
    await this.show(to);
    return this.page.getByRole('article').count();
  }

  /** The newest message to `to`, once there are more than `seen` (the count before the action). */
  private async newest(to: string, seen: number) {
    await expect
      .poll(async () => {
        await this.show(to);
        return this.page.getByRole('article').count();
      })
      .toBeGreaterThan(seen);
    return this.page.getByRole('article').first();
  }

  /** The 6-digit code of the newest message to `to` (SMS TAN or e-mailed reset code). */
  async code(to: string, seen: number): Promise<string> {
    const message = await this.newest(to, seen);
    const code = (await message.getByTestId('outbox-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);
    return code;
  }

  /** Path and query of the link in the newest e-mail to `to` (the server's PUBLIC_URL may differ). */
  async link(to: string, seen: number): Promise<string> {
    const message = await this.newest(to, seen);
    const href = (await message.getByRole('link').first().getAttribute('href')) ?? '';
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}

/** Signs in with password (SRP) and the SMS TAN read from the outbox. */
export async function signIn(
  page: Page,
  outbox: DevOutbox,
  {
    portal,
    email,
    password = DEMO_PASSWORD,
    mobile,
    landsOn = `/${portal}/`,
  }: {
    portal: 'kunden' | 'vermittler';
    email: string;
    password?: string;
    mobile: string;
    /** Where the sign-in leads: the start page, or the page the person was sent away from. */
    landsOn?: string;
  },
): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith(`/${portal}/login`)) {
    await page.goto(`/${portal}/login/`);
  }
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  const seen = await outbox.count(mobile);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Anmeldung bestätigen' })).toBeVisible();
  const tanField = page.getByRole('textbox', { name: 'Code aus der SMS' });
  // The flag 'mfa-code-autocomplete' is on by default: the browser may fill in the SMS code.
  await expect(tanField).toHaveAttribute('autocomplete', 'one-time-code');
  await tanField.fill(await outbox.code(mobile, seen));
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(landsOn);
  if (landsOn === `/${portal}/`) {
    await expect(page.getByRole('heading', { level: 1, name: /^Willkommen/ })).toBeVisible();
  }
}

/** The newest outbox message to `to` as the development outbox API lists it (undefined: none yet). */
async function newestMessage(
  request: APIRequestContext,
  to: string,
): Promise<{ id: string; body: string } | undefined> {
  const response = await request.get(`/api/entwicklung/postausgang?to=${encodeURIComponent(to)}&limit=1`);
  expect(response.status(), 'development outbox').toBe(200);
  const { messages } = (await response.json()) as { messages: { id: string; body: string }[] };
  return messages[0];
}

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * Signs in through the API instead of the sign-in page, for journeys whose subject is not the
 * sign-in itself (the identity specs keep the real UI sign-in with `signIn`). Makes the calls the
 * browser makes – SRP init, verify with A and M1 (the web app's own SRP client, the server's M2
 * checked), the SMS TAN read from the development outbox – with the page's request context, which
 * shares its cookie jar with the browser context: the httpOnly refresh cookie the TAN answer sets is
 * the browser's, so the next page load restores the session exactly as after a real sign-in (the
 * access token lives only in the tab's memory, ADR 0006).
 *
 * Unlike `signIn` it does not navigate: follow it with `page.goto(...)`/`visit(...)` of the page
 * the test needs. About 0.3 s instead of 3–5 s of page loads, typing and outbox page renders.
 */
export async function signInThroughApi(
  page: Page,
  {
    portal,
    email,
    password = DEMO_PASSWORD,
    mobile,
  }: { portal: Portal; email: string; password?: string; mobile: string },
): Promise<void> {
  const request = page.context().request;
  const { pool } = PORTALS[portal];
  const username = normalizeUsername(email);
  const before = await newestMessage(request, mobile);
  const challenge = await postJson<{ session: string; salt: string; B: string }>(
    request,
    '/api/auth/sign-in/init',
    { pool, username },
  );
  const proof = await provePassword(username, password, challenge);
  const answer = await postJson<{ challenge: string; session: string; M2: string }>(
    request,
    '/api/auth/sign-in/verify',
    { session: challenge.session, A: proof.A, M1: proof.M1 },
  );
  expect(await proof.isServerProofValid(answer.M2), 'server proof M2').toBe(true);
  expect(answer.challenge, 'sign-in challenge').toBe('CUSTOM_CHALLENGE');
  // The TAN is written to the outbox in the transaction of the verify call.
  const message = await newestMessage(request, mobile);
  expect(message?.id, `new SMS to ${mobile}`).not.toBe(before?.id);
  const tan = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  expect(tan, `TAN in the SMS to ${mobile}`).toMatch(/^\d{6}$/);
  await postJson(request, '/api/auth/sign-in/tan', { session: answer.session, tan });
}
