/**
 * What @rjsf/utils gets for `fast-uri` (vite.config.ts points its import here): `resolve` and `equal`, which it calls
 * only for a `$ref` inside a schema with an `$id` under JSON Schema 2019-09/2020-12 (no definition has one), built on
 * the browser's URL parser instead of fast-uri's 7 kB gz. A base that is no absolute URL keeps the reference as
 * fast-uri would for a fragment or an absolute reference.
 */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    if (ref.startsWith('#')) return `${base.split('#')[0]}${ref}`;
    return ref;
  }
}

/** The same identifier: compared as parsed URLs (the case of scheme and host), else as written. */
function equal(a: string, b: string): boolean {
  const normal = (uri: string) => {
    try {
      return new URL(uri).href;
    } catch {
      return uri;
    }
  };
  return normal(a) === normal(b);
}

export default { resolve, equal };
