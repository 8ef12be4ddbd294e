import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export interface LocalSigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** Public half as published in the JWKS. */
  publicJwk: JWK;
}

const algorithm = 'RS256';

/** Loads the local RS256 key from `<dataDir>/keys`, creating it on first start so issued tokens survive a restart. */
export async function loadOrCreateSigningKey(dataDir: string): Promise<LocalSigningKey> {
  const folder = path.join(dataDir, 'keys');
  const file = path.join(folder, 'local-signing-key.jwk.json');
  let privateJwk: JWK;
  try {
    privateJwk = JSON.parse(await readFile(file, 'utf8')) as JWK;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const pair = await generateKeyPair(algorithm, { extractable: true });
    privateJwk = await exportJWK(pair.privateKey);
    privateJwk.kid = await calculateJwkThumbprint(privateJwk);
    privateJwk.alg = algorithm;
    privateJwk.use = 'sig';
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Write then rename so a crash never leaves half a key behind.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(privateJwk), { mode: 0o600 });
    await rename(temporary, file);
  }
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  const privateKey = (await importJWK(privateJwk, algorithm)) as CryptoKey;
  return { kid: privateJwk.kid as string, privateKey, publicJwk };
}
