// What a partner can embed (issue 16): the products of the catalogue by the URL segment the SDK's
// `product` option and a partner's product list use, the brands the portal accepts (spec §2
// 'brand': {product}, hfk, s-direkt, protect, protect-ch) and the channels. Shared by the quickstart
// page and the clerk's partner administration.
import { APPLICATION_SLUGS, type ApplicationSlug } from '@schirm/domain/application/product-application';
import { PRODUCT_CATALOGUE } from '@schirm/domain/products/catalogue';

export interface EmbedProduct {
  slug: ApplicationSlug;
  name: string;
  /** Whether the product has the advice link channel (/<slug>/beratung/); motor has none. */
  advice: boolean;
}

function slugOf(applicationRoute: string, productKey: string): ApplicationSlug | undefined {
  // Motor's pages live directly under /antrag/ (spec §2); its segment is 'kfz'.
  const slug = productKey === 'KFZ' ? 'kfz' : applicationRoute;
  return (APPLICATION_SLUGS as readonly string[]).includes(slug) ? (slug as ApplicationSlug) : undefined;
}

/** The nine products and motor, in the catalogue's order. */
export const EMBED_PRODUCTS: readonly EmbedProduct[] = PRODUCT_CATALOGUE.flatMap((entry) => {
  const slug = slugOf(entry.applicationRoute, entry.productKey);
  return slug ? [{ slug, name: entry.name, advice: slug !== 'kfz' }] : [];
});

/** Brands besides a product's own (its slug): the values spec §2 accepts for `brand`. */
export const PARTNER_BRANDS = ['hfk', 's-direkt', 'protect', 'protect-ch'] as const;

export const EMBED_CHANNELS = ['antrag', 'beratung', 'kunden'] as const;
export type EmbedChannel = (typeof EMBED_CHANNELS)[number];
