// Every product sold online, by its URL segment (spec §2 'Application flows'). Browser and server
// look products up here; a product without an entry has no application route.
import { bhvApplication } from './flows/betriebshaftpflicht';
import { fahrradApplication } from './flows/fahrrad';
import { hausratApplication } from './flows/hausrat';
import { kfzApplication } from './flows/kfz';
import { privathaftpflichtApplication } from './flows/privathaftpflicht';
import { reiseApplication } from './flows/reise';
import { siAllgefahrenApplication, siMehrgefahrenApplication } from './flows/sachinhalt';
import { tierhalterhaftpflichtApplication } from './flows/tierhalterhaftpflicht';
import { vhApplication } from './flows/vermoegensschadenhaftpflicht';
import type { ApplicationSlug, ProductApplication } from './product-application';

/** The product applications that are built; one entry per flow file. */
export const PRODUCT_APPLICATIONS: Partial<Record<ApplicationSlug, ProductApplication>> = {
  betriebshaftpflicht: bhvApplication,
  fahrrad: fahrradApplication,
  hausrat: hausratApplication,
  kfz: kfzApplication,
  privathaftpflicht: privathaftpflichtApplication,
  reise: reiseApplication,
  sachinhalt: siAllgefahrenApplication,
  'sachinhalt-mehrgefahren': siMehrgefahrenApplication,
  tierhalterhaftpflicht: tierhalterhaftpflichtApplication,
  vermoegensschadenhaftpflicht: vhApplication,
};

/** The application of a URL segment, or undefined for an unknown or not yet sold product. */
export function productApplication(slug: string): ProductApplication | undefined {
  return Object.hasOwn(PRODUCT_APPLICATIONS, slug)
    ? PRODUCT_APPLICATIONS[slug as ApplicationSlug]
    : undefined;
}
