/**
 * The CRM tokens as they are stored: AES-256-GCM under a key derived (HKDF-SHA-256) from the CRM
 * app's client secret, so that a copy of the database alone does not hand out access to the users'
 * CRMs. A token that no longer opens (the secret was changed) reads as undefined: the connection is
 * then expired and the user connects again, as they would have to anyway, since HubSpot ties
 * refresh tokens to the app's credentials.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class TokenCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'catchment-crm-tokens', 'aes-256-gcm', 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
  seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(stored: string): string | undefined {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
