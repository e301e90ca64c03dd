import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password-hash.ts';

describe('password hashing', () => {
  it('stores a salted scrypt hash, never the password, and verifies it', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('rejects a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });

  it('generates long random passwords', () => {
    const password = generatePassword();
    expect(password).toHaveLength(20);
    expect(generatePassword()).not.toBe(password);
  });
});
