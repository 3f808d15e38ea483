/**
 * A person's way back to their seat in one WebSocket connection, after a restart or a crash too
 * (issue #11, docs/recovery.md).
 *
 * Colyseus gives each client a reconnection token with its join; when the connection drops, the
 * SDK opens one WebSocket with its session id and that token, and the room takes it back
 * (allowReconnection). A process that restarts has forgotten every token, so until now the SDK's
 * tries were refused and the person came back the long way: a matchmaking request (HTTP) and
 * then a WebSocket, two connections and ~0.4 ms more of the server's CPU each while a thousand
 * tables come back at once.
 *
 * Here the token a seated person is given is not random but made from what a rebuilt table
 * knows again: an HMAC of the table id, the session id, the seat, the seat's guest-token hash
 * and the schema's fingerprint, keyed with the table's seed. The seed is the table's secret (256
 * random bits, never sent, never logged), so nobody can make a token for a seat that is not
 * theirs, and a token says nothing about the seed. A rebuilt table checks a token against its
 * people's seats and reserves that seat for the session (a join as the seat's own person, so
 * admission, seating and the first state go as for any join), and the SDK's connection goes on
 * as a join. Its schema decoder is made anew from the handshake, which this join always sends (a
 * restarted server numbers its state's references anew); the fingerprint in the token keeps a
 * client from coming back to a server whose schema differs from the one it decodes with (after a
 * deploy): its token is refused and it joins the long way, with a new decoder.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Seat } from "@saloon/engine";

/** What a table lends the check (TableRoom has it: kept narrow so the check is testable alone). */
export interface ReturnTable {
  readonly roomId: string;
  readonly seed: string;
  /** The schema reflection every joining client gets (the table's handshake bytes). */
  readonly handshake: Uint8Array | undefined;
  readonly slots: readonly { kind: string; tokenHash: string | null }[];
}

const fingerprints = new WeakMap<Uint8Array, string>();

/** A short fingerprint of the schema's reflection (the same bytes for every table of a process: hashed once). */
function schemaFingerprint(handshake: Uint8Array | undefined): string {
  if (!handshake) return "none";
  let fingerprint = fingerprints.get(handshake);
  if (!fingerprint) {
    fingerprint = createHash("sha256").update(handshake).digest("base64url").slice(0, 16);
    fingerprints.set(handshake, fingerprint);
  }
  return fingerprint;
}

/** The reconnection token of `sessionId` sitting at `seat` as the person whose guest token hashes to `tokenHash`. */
export function seatReturnToken(table: ReturnTable, sessionId: string, seat: Seat, tokenHash: string): string {
  return createHmac("sha256", table.seed)
    .update(`saloon seat return 1\u0000${table.roomId}\u0000${sessionId}\u0000${seat}\u0000${tokenHash}\u0000${schemaFingerprint(table.handshake)}`)
    .digest("base64url");
}

/** A token as seatReturnToken makes them: 43 characters of base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Colyseus's session ids (nanoid-like), and nothing longer than a sane id. */
const SESSION_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The seat whose person was given `token` for `sessionId` at this table, or null. Only a seat a
 * person holds (also while a bot plays it for them: the person may always take it back).
 */
export function seatForReturn(table: ReturnTable, sessionId: string, token: string): Seat | null {
  if (!SESSION_SHAPE.test(sessionId) || !TOKEN_SHAPE.test(token)) return null;
  const given = Buffer.from(token);
  for (let seat = 0; seat < table.slots.length; seat++) {
    const slot = table.slots[seat]!;
    if (slot.kind === "open" || !slot.tokenHash) continue;
    if (timingSafeEqual(given, Buffer.from(seatReturnToken(table, sessionId, seat, slot.tokenHash)))) return seat;
  }
  return null;
}

/** What a WebSocket upgrade asks for when it is the SDK coming back: a table, a session and its token. */
export interface ReturnRequest {
  url: URL;
  roomId: string;
  sessionId: string;
  token: string;
}

/** The SDK's reconnection request in an upgrade's URL (`/<process>/<room>?sessionId=…&reconnectionToken=…`), or null. */
export function returnRequestOf(req: IncomingMessage): ReturnRequest | null {
  const raw = req.url;
  if (!raw || raw.length > 2048 || !raw.includes("reconnectionToken=")) return null;
  let url: URL;
  try {
    url = new URL(`ws://server${raw}`);
  } catch {
    return null;
  }
  // As Colyseus's transport reads them.
  const roomId = url.pathname.match(/\/[a-zA-Z0-9_-]+\/([a-zA-Z0-9_-]+)$/)?.[1];
  const sessionId = url.searchParams.get("sessionId");
  const token = url.searchParams.get("reconnectionToken");
  if (!roomId || !sessionId || !token) return null;
  return { url, roomId, sessionId, token };
}

/**
 * The upgrade's URL as a plain join of the session's reserved seat: without the reconnection
 * token (the seat is reserved for the session now) and with the handshake (the SDK asks to skip
 * it; it must make its decoder anew for this process's state).
 */
export function asReservedJoin(req: IncomingMessage, request: ReturnRequest): void {
  request.url.searchParams.delete("reconnectionToken");
  request.url.searchParams.delete("skipHandshake");
  req.url = `${request.url.pathname}${request.url.search}`;
}
