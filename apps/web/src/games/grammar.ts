/**
 * Small pieces of grammar the games' texts share and that a message cannot express by itself:
 * the possessive of a player's name, and capitalising a noun phrase that opens a sentence.
 */
import { language } from "../lib/i18n.ts";

/**
 * "Alice's" / "Jess'" in English; "Alices" / "Jess'" / "Bot 2's" in German (a name ending in an
 * s-sound takes an apostrophe only; one ending in a digit or a sign keeps the s apart, as
 * "Bot 2s" would not read as a name).
 */
export function possessive(name: string): string {
  if (language() === "de") {
    if (/[sßxz]$/i.test(name)) return `${name}'`;
    return /\p{L}$/u.test(name) ? `${name}s` : `${name}'s`;
  }
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

/** "der Räuber …" → "Der Räuber …" at the start of a sentence. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c" with the language's own "and" (passed in as a message). */
export function joinWith(parts: readonly string[], and: (inputs: { head: string; last: string }) => string): string {
  if (parts.length <= 1) return parts.join("");
  return and({ head: parts.slice(0, -1).join(", "), last: parts[parts.length - 1]! });
}
