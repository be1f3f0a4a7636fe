/**
 * Password hashing with argon2id (@node-rs/argon2's default algorithm and parameters: memory
 * 19 MiB, 2 passes, OWASP's minimum). A sign-in for an unknown address still verifies against
 * a fixed hash, so the answer takes the same time whether the account exists or not.
 */
import { hash, verify } from '@node-rs/argon2';

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/** Checks `password` against `stored`; with no stored hash, spends the same time and fails. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('immoloupe-compte-inexistant');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
