// The shared samples stay valid: each is a complete direct application of its product on the
// samples' day for the new product generations (the flag is on in the server's test app; Komfort
// bicycles and VH_1000 exist only there), with the travel-health flag off and on.
import { describe, expect, it } from 'vitest';
import { PRODUCT_APPLICATIONS } from '../applications';
import { APPLICATION_SLUGS } from '../product-application';
import { validateSubmission } from '../submission';
import { SAMPLE_APPLICATIONS, SAMPLE_DAY } from './samples.test-helper';

describe('sample applications', () => {
  it.each(APPLICATION_SLUGS.flatMap((slug) => [false, true].map((health) => [slug, health] as const)))(
    '%s (travel health flag %s) is a valid, priceable direct application',
    (slug, travelHealthInsurance) => {
      const application = PRODUCT_APPLICATIONS[slug];
      expect(application, slug).toBeDefined();
      if (!application) return;
      const flow = application.createFlow({
        today: SAMPLE_DAY,
        newProductGenerations: true,
        travelHealthInsurance,
      });
      const result = validateSubmission(flow, SAMPLE_APPLICATIONS[slug], 'antrag');
      expect(result.ok ? [] : result.errors).toEqual([]);
      expect(application.pricingRequest(SAMPLE_APPLICATIONS[slug])).toBeDefined();
    },
  );
});
