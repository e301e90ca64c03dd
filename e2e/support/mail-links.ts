import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The first link matching `pattern` in an e-mail to `recipient` that the server wrote under
 * `dataDir/mail` (no SMTP_URL), its quoted-printable soft breaks and `=3D` undone.
 */
export async function linkInMail(
  dataDir: string,
  recipient: string,
  pattern: RegExp,
): Promise<string | undefined> {
  const mailDir = path.join(dataDir, 'mail');
  for (const file of await readdir(mailDir).catch(() => [] as string[])) {
    const text = (await readFile(path.join(mailDir, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!text.includes(recipient)) continue;
    const link = pattern.exec(text)?.[0];
    if (link) return link;
  }
  return undefined;
}

/** Asks `read` every half second until it answers, for at most `seconds`. */
export async function waitFor<T>(what: string, read: () => Promise<T | undefined>, seconds = 30): Promise<T> {
  for (let tries = 0; tries < seconds * 2; tries += 1) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`waited ${seconds} s for ${what}`);
}
