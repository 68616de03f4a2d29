// Which product application a URL names (spec §2 'Application flows'): a product's pages live
// under its base route, `/<produkt>/antrag/` unless the product names another one (motor starts at
// /antrag/allgemeine-versicherungsdaten, so its base route is '/antrag/'). A URL under a product's
// segment whose pages live elsewhere, and a step no flow of the product has, are a 404.
import { data, type LoaderFunctionArgs, type Params } from 'react-router';
import { PRODUCT_APPLICATIONS, productApplication } from '@schirm/domain/application/applications';
import { findStep } from '@schirm/domain/application/flow';
import {
  applicationBaseRoute,
  type ProductApplication,
} from '@schirm/domain/application/product-application';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';

/** The pages of the /antrag area that are not steps (result pages, confirmation). */
const AREA_BASE = '/antrag/';

/** The application of the route's params: by `produkt`, or the one living directly under /antrag/. */
export function applicationOfRoute(params: Params): ProductApplication | undefined {
  if (params.produkt === undefined) {
    return Object.values(PRODUCT_APPLICATIONS).find((app) => applicationBaseRoute(app) === AREA_BASE);
  }
  const app = productApplication(params.produkt);
  return app && applicationBaseRoute(app) === `/${params.produkt}/antrag/` ? app : undefined;
}

/**
 * The application of an advice route (`/vermittler/:produkt/beratung/…`, `/:produkt/beratung/…`):
 * every product with its pages under `/<slug>/antrag/` (motor has no advice channel here).
 */
export function adviceApplicationOfRoute(params: Params): ProductApplication | undefined {
  const app = params.produkt === undefined ? undefined : productApplication(params.produkt);
  return app && applicationBaseRoute(app) === `/${app.slug}/antrag/` ? app : undefined;
}

/** Whether any flow of the product (any flag setting) has this step. */
function isKnownStep(app: ProductApplication, stepId: string): boolean {
  const today = todayInGermany();
  return [false, true].some((newProductGenerations) =>
    [false, true].some(
      (travelHealthInsurance) =>
        findStep(app.createFlow({ today, newProductGenerations, travelHealthInsurance }), stepId) !==
        undefined,
    ),
  );
}

/** The route's loader: 404 (the area's not-found page) for no application or an unknown step. */
export function applicationLoader({ params, request }: LoaderFunctionArgs) {
  const isAdvice = new URL(request.url).pathname.includes('/beratung/');
  const app = isAdvice ? adviceApplicationOfRoute(params) : applicationOfRoute(params);
  if (!app || (params.schritt !== undefined && !isKnownStep(app, params.schritt))) {
    throw data(null, { status: 404 });
  }
  return null;
}

/** The wizard's base route (no trailing slash), e.g. '/fahrrad/antrag' or '/antrag'. */
export function wizardBaseRoute(app: ProductApplication): string {
  return applicationBaseRoute(app).replace(/\/+$/, '');
}
