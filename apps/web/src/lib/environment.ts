import { detectEnvironment, type Environment } from '@schirm/domain/environment';

export type { Environment };

/** The environment of this page's host (spec §9); throws UnknownEnvironmentError for unknown hosts. */
export function getEnvironment(host: string = window.location.host): Environment {
  return detectEnvironment(host);
}

/** Development aids (component gallery, mail outbox) exist only on these environments. */
export function isDevelopmentEnvironment(environment: Environment): boolean {
  return environment === 'localhost' || environment === 'development';
}
