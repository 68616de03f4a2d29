// The demo partners of the README work as printed: their configuration for the demo host origin,
// Hausbank Nord's token exchange with its demo secret for Anna Schneider (who granted it), and the
// embedded session that reads her contracts; Radhaus Müller has no customer area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { DEMO_SEEDERS } from '../../db/demo/seeders';
import { seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_EMBEDDING_PARTNERS } from './demo-seeder';
import { basicAuth } from './fixtures.test-helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, DEMO_SEEDERS);
});

afterAll(async () => {
  await t.close();
});

describe('demo embedding partners', () => {
  it("configures Radhaus Müller for the demo host with Claudia Krüger's agency, bikes first", async () => {
    const response = await t.app.inject({
      url: `/api/einbettung/partner/radhaus-mueller?origin=${encodeURIComponent('http://localhost:3001')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const config = response.json<{
      produkte: string[];
      kundenbereich: boolean;
      vermittler: { brokerId: string };
    }>();
    expect(config.produkte[0]).toBe('fahrrad');
    expect(config.kundenbereich).toBe(false);
    expect(config.vermittler.brokerId).toBe(DEMO_AGENTS.hauptagentur.vermittlerNummer);
  });

  it("opens Anna Schneider's customer area in Hausbank Nord with the printed demo secret", async () => {
    const { hausbankNord, radhausMueller } = DEMO_EMBEDDING_PARTNERS;
    const anna = DEMO_CUSTOMERS.annaSchneider;
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/einbettung/token',
      headers: { authorization: basicAuth(hausbankNord.partnerKey, hausbankNord.secret) },
      payload: { partnernummer: anna.partnerNummer },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/einbettung/sitzung',
      payload: { token: exchange.json<{ token: string }>().token },
    });
    expect(session.statusCode, session.body).toBe(200);
    const { accessToken } = session.json<{ accessToken: string }>();
    const contracts = await t.app.inject({
      url: `/api/vertrag/vertrag/findByPartnerNummer/${anna.partnerNummer}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(contracts.statusCode).toBe(200);
    expect(contracts.body).toContain(anna.contracts.hausrat);

    const bikeShop = await t.app.inject({
      method: 'POST',
      url: '/api/einbettung/token',
      headers: { authorization: basicAuth(radhausMueller.partnerKey, radhausMueller.secret) },
      payload: { partnernummer: anna.partnerNummer },
    });
    expect(bikeShop.statusCode).toBe(403);
  });
});
