// 'zod' in the web app: the build (apps/web/vite.config.ts) and the web tests (vitest.config.ts)
// resolve every import of 'zod' (pages, packages/domain, this app's forms) to this module. It is
// zod itself, with the one German error map installed before any schema can run
// (packages/domain/src/validation/german-messages.ts, the server installs the same map), so no
// English default such as 'Too big: expected string to have exactly 0 characters' can reach a
// person, whatever page or lazily loaded chunk uses zod first. Nothing here loads zod early:
// the module is part of whichever chunk first needs zod.
import { installGermanZodMessages } from '@schirm/domain/validation/german-messages';

export * from 'zod/v4';
export { default } from 'zod/v4';

installGermanZodMessages();
