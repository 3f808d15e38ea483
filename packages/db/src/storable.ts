/**
 * Strings as PostgreSQL will store them. The protocol already cleans what clients send; this is
 * the store's own guarantee, so that no string a client can send ever makes a write fail.
 */

/**
 * Text as PostgreSQL will take it. NUL is refused in text and in jsonb by PostgreSQL and PGlite
 * alike, and a lone surrogate is not UTF-8: one such name once made a finished match
 * unrecordable (issue #9).
 */
export function storableText(text: string): string {
  return text.replace(/\u0000/g, "").replace(/[\ud800-\udfff]/g, (unit, offset: number, whole: string) => {
    const code = unit.charCodeAt(0);
    const pairedAfter = code < 0xdc00 && /[\udc00-\udfff]/.test(whole[offset + 1] ?? "");
    const pairedBefore = code >= 0xdc00 && /[\ud800-\udbff]/.test(whole[offset - 1] ?? "");
    return pairedAfter || pairedBefore ? unit : "\ufffd";
  });
}

/** The same for every string (keys too) inside a JSON value. */
export function storableJson<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableText(key), storableJson(inner)])) as T;
  }
  return value;
}

/**
 * `JSON.stringify(storableJson(value))`, without walking and copying the value when there is
 * nothing to clean. JSON.stringify writes a NUL as `\u0000` and a lone surrogate as `\udXXX`
 * (well-formed JSON.stringify), and any other `\u` only for control characters, so a text
 * without `\u` has neither, and is what the copy would have given. Every action stored goes
 * through here, and the copy was most of the store's allocation per move (issue #14).
 */
export function storableJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? "null";
  return text.includes("\\u") ? JSON.stringify(storableJson(value)) ?? "null" : text;
}
