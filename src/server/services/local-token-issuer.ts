import { SignJWT } from 'jose';
import type { LocalSigningKey } from './local-signing-key';

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface LocalTokenSubject {
  externalId: string;
  username: string;
  displayName: string;
  roles: string[];
}

/** Signs an RS256 access token for a local demo user, shaped like an Entra ID token (sub, oid, name, roles). */
export async function issueLocalToken(
  key: LocalSigningKey,
  subject: LocalTokenSubject,
  options: { issuer: string; audience: string; ttlSeconds: number },
): Promise<IssuedToken> {
  const token = await new SignJWT({
    oid: subject.externalId,
    name: subject.displayName,
    preferred_username: subject.username,
    roles: subject.roles,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setSubject(subject.externalId)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt()
    .setExpirationTime(`${options.ttlSeconds}s`)
    .sign(key.privateKey);
  return { access_token: token, token_type: 'Bearer', expires_in: options.ttlSeconds };
}
