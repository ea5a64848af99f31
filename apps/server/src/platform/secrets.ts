import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';

/**
 * Secrets at rest (payment keys and certificates): AES-256-GCM with a key from configuration.
 * `SECRET_KEY` is required with PostgreSQL (every process must share it, see config.ts); with the
 * embedded database and no variable, a random key is generated once into DATA_DIR/secret.key.
 *
 * Sealed text: `v1:<iv>:<tag>:<ciphertext>` (base64url). The caller's context (e.g. "pay:wechat:
 * apiKey") is bound as additional authenticated data, so a sealed value copied to another field
 * does not open.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
export const SECRET_KEY_FILE = 'secret.key';

export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    // Any sufficiently long text becomes a 256-bit key.
    this.key = createHash('sha256').update(keyMaterial, 'utf8').digest();
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join(':');
  }

  /**
   * A separate 256-bit key for one purpose (e.g. "health:report-link"), derived from the key
   * material with HMAC-SHA256 of the label: signing with it never uses the sealing key itself.
   */
  deriveKey(label: string): Buffer {
    return createHmac('sha256', this.key).update(`derive:${label}`, 'utf8').digest();
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) {
      throw new Error('sealed secret has an unknown format');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

/** The configured key, or the embedded default's key file (created on first use). */
export async function openSecretBox(config: AppConfig): Promise<SecretBox> {
  if (config.secretKey) return new SecretBox(config.secretKey);
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  await fs.mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': only the first of several concurrent starts writes; the others read its key.
    await fs.writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const material = (await fs.readFile(file, 'utf8')).trim();
  if (material.length < 32)
    throw new Error(`${file} 内容无效：请删除后重启（已加密的支付密钥需重新填写）`);
  return new SecretBox(material);
}
