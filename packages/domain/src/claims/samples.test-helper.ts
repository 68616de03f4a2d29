// The example reports of examples.ts under the name the tests use.
export { claimSample, SAMPLE_TODAY } from './examples';
