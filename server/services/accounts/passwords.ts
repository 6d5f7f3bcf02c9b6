import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * log2 of scrypt's N in production. N=2^15, r=8: about 32 MiB and tens of milliseconds per hash,
 * OWASP's scrypt baseline. Only a test server may go lower (PASSWORD_HASH_COST, server/env.ts).
 */
export const PASSWORD_HASH_COST = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string, cost = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await derive(password, salt, n, R, P);
  return ["scrypt", n, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** One hash per cost, made when first needed (a server uses one cost). */
const dummyHashes = new Map<number, Promise<string>>();

/** Spends the same time as a real check, so a wrong email cannot be told apart from a wrong password. */
export async function verifyAgainstDummy(password: string, cost = PASSWORD_HASH_COST): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = hashPassword(randomBytes(16).toString("hex"), cost)));
  await verifyPassword(password, await dummy);
  return false;
}
