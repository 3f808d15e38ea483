/**
 * The server's refusals, in the reader's language. The server answers with a typed code (and an
 * English sentence for logs and tools); the client shows its own text per code. The server's
 * sentence is shown only for a code this client does not know yet (a newer server).
 */
import { type JoinErrorCode, MAX_CHAT_LENGTH, type ProtocolErrorCode } from "@saloon/protocol";
import { m } from "../paraglide/messages.js";

/** Why creating or joining a table failed. */
export const JOIN_ERROR_TEXTS: Record<JoinErrorCode, () => string> = {
  TABLE_FULL: m.join_error_table_full,
  SEAT_TAKEN: m.join_error_seat_taken,
  UNKNOWN_GAME: m.join_error_unknown_game,
  BAD_SETUP: m.join_error_bad_setup,
  BAD_OPTIONS: m.join_error_bad_options,
  ROOM_FULL: m.join_error_room_full,
  RATE_LIMITED: m.join_error_rate_limited,
  BAD_REQUEST: m.join_error_bad_request,
};

/** Why the table refused a move or a message. */
export const TABLE_ERROR_TEXTS: Record<ProtocolErrorCode, () => string> = {
  MALFORMED_ACTION: m.table_error_malformed_action,
  UNKNOWN_ACTION: m.table_error_unknown_action,
  NOT_YOUR_TURN: m.table_error_not_your_turn,
  ILLEGAL_ACTION: m.table_error_illegal_action,
  GAME_OVER: m.table_error_game_over,
  BAD_SETUP: m.table_error_bad_setup,
  INTERNAL_ERROR: m.table_error_internal_error,
  NOT_SEATED: m.table_error_not_seated,
  NOT_STARTED: m.table_error_not_started,
  RATE_LIMITED: m.table_error_rate_limited,
  BAD_MESSAGE: m.table_error_bad_message,
  UNKNOWN_MESSAGE: m.table_error_unknown_message,
  NOT_NOW: m.table_error_not_now,
  NOTHING_TO_UNDO: m.table_error_nothing_to_undo,
  UNDO_CLOSED: m.table_error_undo_closed,
  CHAT_TOO_LONG: () => m.chat_too_long({ max: MAX_CHAT_LENGTH }),
  CHAT_TOO_FAST: m.chat_too_fast,
  CHAT_CLOSED: m.chat_read_only,
  CHAT_FULL: m.chat_full,
};

const known = <K extends string>(texts: Record<K, () => string>, code: string): code is K => Object.hasOwn(texts, code);

/** The table's refusal in the reader's language; the server's own words for a code we don't know. */
export function tableErrorText(code: string, serverText: string): string {
  if (known(TABLE_ERROR_TEXTS, code)) return TABLE_ERROR_TEXTS[code]();
  return serverText || code;
}
