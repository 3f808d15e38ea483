/** Who this browser is: a display name and a random guest token, both kept in localStorage. */
import { MAX_NAME_LENGTH, normaliseName } from "@saloon/protocol";

const NAME_KEY = "saloon.name";
const TOKEN_KEY = "saloon.token";
const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

/** A fresh 32-character token from the browser's cryptographic RNG. */
export function newToken(length = 32): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => TOKEN_ALPHABET[b % TOKEN_ALPHABET.length]).join("");
}

export function guestToken(): string {
  const store = storage();
  const saved = store?.getItem(TOKEN_KEY);
  if (saved && TOKEN_PATTERN.test(saved)) return saved;
  const token = newToken();
  store?.setItem(TOKEN_KEY, token);
  return token;
}

/** The name as the server will keep it (its own cleaning, no markup), cut to the length it allows in characters. */
export function cleanName(raw: string): string {
  return [...normaliseName(raw.replace(/[<>]/g, ""))].slice(0, MAX_NAME_LENGTH).join("").trim();
}

export function savedName(): string {
  return cleanName(storage()?.getItem(NAME_KEY) ?? "");
}

export function saveName(name: string): void {
  storage()?.setItem(NAME_KEY, cleanName(name));
}
