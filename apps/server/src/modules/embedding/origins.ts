// The origins an embedding partner may frame the portal from (issue 16): exact origins only, no
// paths, wildcards or schemes other than https (http only for localhost and 127.0.0.1 with a port).

const HTTPS_ORIGIN =
  /^https:\/\/[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;
const LOCAL_ORIGIN = /^http:\/\/(?:localhost|127\.0\.0\.1):\d{1,5}$/;

/** Whether `value` is an exact origin a partner may be allowed: https://host[:port] or a local http one. */
export function isAllowedOriginFormat(value: string): boolean {
  if (!HTTPS_ORIGIN.test(value) && !LOCAL_ORIGIN.test(value)) return false;
  const port = /:(\d+)$/.exec(value.replace(/^https?:\/\//, ''))?.[1];
  return port === undefined || (Number(port) > 0 && Number(port) < 65536);
}
