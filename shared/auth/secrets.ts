import { hash, randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` base62 characters from the system's secure random source. */
export function randomSecret(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/**
 * Secrets we issue are long and random, so one SHA-256 is enough to store them. The one-shot
 * `hash` makes no Hash object: a gateway hashes every request's API key.
 */
export function sha256(value: string): string {
  return hash("sha256", value, "hex");
}
