import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The JWT secret comes from the environment; the embedded mode generates one into
 * ./data on first run (R-SEC-02: never from the repository).
 */
export async function loadOrCreateSecret(directory: string, fileName = 'jwt-secret'): Promise<string> {
  const file = path.join(directory, fileName);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(directory, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
