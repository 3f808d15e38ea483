/** Bounds on what clients send, and how names are cleaned: shared by the schemas and the clients. */

export const MAX_NAME_LENGTH = 24;
/** The largest seat count any table may have; games narrow it with their own min/max. */
export const MAX_SEATS = 8;
/** An action payload larger than this (as JSON, in bytes) is refused with BAD_MESSAGE. */
export const MAX_ACTION_BYTES = 2048;
/** How long a person who left a running game keeps their seat by default (a table option). */
export const DEFAULT_GRACE_SECONDS = 300;
export const MAX_GRACE_SECONDS = 24 * 3600;

/**
 * A name as people will see it: NFC, runs of white space made one space, trimmed, and with no
 * control, format or bidi-override characters (issue #9: ESC sequences, right-to-left overrides
 * and NUL were accepted, and NUL made the match's final write fail). Length counts characters
 * (code points), not UTF-16 units.
 */
export function normaliseName(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/[\t\n\v\f\r\u0085\p{Zl}\p{Zp}]/gu, " ")
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
}


/** A table chat message is at most this many characters (code points), after cleaning. */
export const MAX_CHAT_LENGTH = 300;

/**
 * A chat message as the table will see it: NFC, no control, format or bidi-override characters,
 * line breaks and runs of white space made one space, trimmed. It is shown as text, never as
 * markup, so `<` and `&` stay as they are.
 */
export function normaliseChat(raw: string): string {
  return normaliseName(raw);
}
