/** The deployment environments of spec §9, chosen by host name. */
export const ENVIRONMENTS = ['localhost', 'accept', 'development', 'integration', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Default host name → environment map; the server can extend it via configuration. */
export const DEFAULT_HOST_ENVIRONMENTS: Readonly<Record<string, Environment>> = {
  localhost: 'localhost',
  '127.0.0.1': 'localhost',
  '[::1]': 'localhost',
  'accept.schirm.de': 'accept',
  'dev.schirm.de': 'development',
  'int.schirm.de': 'integration',
  'schirm.de': 'production',
  'www.schirm.de': 'production',
};

export class UnknownEnvironmentError extends Error {
  constructor(readonly hostname: string) {
    super(`Unknown environment for host "${hostname}"`);
    this.name = 'UnknownEnvironmentError';
  }
}

/** Returns the environment of a host name (port ignored); throws UnknownEnvironmentError for unknown hosts. */
export function detectEnvironment(
  host: string,
  hostEnvironments: Readonly<Record<string, Environment>> = DEFAULT_HOST_ENVIRONMENTS,
): Environment {
  const hostname = stripPort(host.trim().toLowerCase());
  // Own keys only: a host named like an Object prototype member ('constructor') is unknown too.
  const environment = Object.hasOwn(hostEnvironments, hostname) ? hostEnvironments[hostname] : undefined;
  if (!environment) throw new UnknownEnvironmentError(hostname);
  return environment;
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
