import { describe, expect, it } from 'vitest';
import { brandAdvicePath, brandAdvicePaths } from './brand-advice';

describe('brand-specific advice paths', () => {
  it.each([
    ['hfk', 'privathaftpflicht', 'HFK'],
    ['hfk', 'hausrat', 'HFK'],
    ['hfk', 'betriebshaftpflicht', 'HFK'],
    ['s-direkt', 'hausrat', 'SCHIRM'],
  ])('/%s/%s/beratung/ concludes with marke %s', (brand, slug, marke) => {
    expect(brandAdvicePath(brand, slug)).toEqual({ brand, marke });
  });

  it.each([
    ['unbekannt', 'hausrat'],
    ['schirm', 'hausrat'],
    ['HFK', 'hausrat'],
    ['hfk', 'fahrrad'],
    ['hfk', 'unbekannt'],
    ['s-direkt', 'privathaftpflicht'],
    ['protect', 'hausrat'],
    ['protect-ch', 'betriebshaftpflicht'],
  ])('/%s/%s/beratung/ does not exist', (brand, slug) => {
    expect(brandAdvicePath(brand, slug)).toBeUndefined();
  });

  it('lists exactly the paths the catalogue sells', () => {
    expect(brandAdvicePaths().map(({ brand, slug }) => `${brand}/${slug}`)).toEqual([
      'hfk/privathaftpflicht',
      'hfk/hausrat',
      'hfk/betriebshaftpflicht',
      's-direkt/hausrat',
    ]);
  });
});
