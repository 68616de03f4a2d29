import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../lib/testing/render-with-router';
import { HomePage } from './home-page';

function renderHome() {
  return renderRoutes([
    { path: '/', element: <HomePage /> },
    { path: '/kunden/login/', element: <h1>Anmeldung Kunden</h1> },
    { path: '/vermittler/login/', element: <h1>Anmeldung Vermittler</h1> },
    { path: '/haeufige-fragen/', element: <h1>Häufige Fragen</h1> },
    { path: '/fahrrad/antrag/', element: <h1>Antrag Fahrrad</h1> },
  ]);
}

describe('HomePage', () => {
  it('presents the nine products, each with one sentence', () => {
    renderHome();

    const products = screen.getByRole('region', { name: 'Unsere Versicherungen' });
    const namesIn = (group: string) =>
      within(within(products).getByRole('region', { name: group }))
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent);
    expect(namesIn('Für Sie privat')).toEqual([
      'Fahrrad & E-Bike',
      'Tierhalterhaftpflicht',
      'Privathaftpflicht',
      'Hausrat',
      'Reise',
    ]);
    expect(namesIn('Für Ihren Betrieb')).toEqual([
      'Betriebshaftpflicht',
      'Sachinhalt (Allgefahren)',
      'Sachinhalt (Mehrgefahren)',
      'Vermögensschadenhaftpflicht',
    ]);
    for (const item of within(products).getAllByRole('listitem')) {
      expect(item.querySelector('p')?.textContent).toMatch(/^[A-ZÄÖÜ].+\.$/);
    }
  });

  it('leads each product to its online application', async () => {
    const { router } = renderHome();
    const products = screen.getByRole('region', { name: 'Unsere Versicherungen' });
    const links = within(products).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/fahrrad/antrag/',
      '/tierhalterhaftpflicht/antrag/',
      '/privathaftpflicht/antrag/',
      '/hausrat/antrag/',
      '/reise/antrag/',
      '/betriebshaftpflicht/antrag/',
      '/sachinhalt/antrag/',
      '/sachinhalt-mehrgefahren/antrag/',
      '/vermoegensschadenhaftpflicht/antrag/',
    ]);
    await userEvent.click(within(products).getByRole('link', { name: 'Fahrrad & E-Bike' }));
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/');
  });

  it('has one page headline and a German title with the brand', () => {
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Versicherung einfach online' })).toBeVisible();
    expect(document.title).toBe('Schirm – Versicherung einfach online');
  });

  it('leads to the customer portal sign-in', async () => {
    const { router } = renderHome();
    await userEvent.click(screen.getByRole('link', { name: 'Zum Kundenportal' }));
    expect(router.state.location.pathname).toBe('/kunden/login/');
  });

  it('leads to the agent portal sign-in', async () => {
    const { router } = renderHome();
    await userEvent.click(screen.getByRole('link', { name: 'Zum Vermittlerportal' }));
    expect(router.state.location.pathname).toBe('/vermittler/login/');
  });

  it('leads to the frequently asked questions', async () => {
    const { router } = renderHome();
    const help = screen.getByRole('region', { name: 'Fragen?' });
    await userEvent.click(within(help).getByRole('link', { name: 'Zu den häufigen Fragen' }));
    expect(router.state.location.pathname).toBe('/haeufige-fragen/');
  });
});
