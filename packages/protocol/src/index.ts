/**
 * The wire protocol between the Saloon server and its clients (browser, bot CLI, anyone's bot).
 * Shapes are zod schemas so the server validates what arrives and clients share the types.
 * docs/protocol.md explains them in prose.
 */
import type { ActionBase, FinalScores, GameErrorCode, Json, LogEvent, Prompt, Seat } from "@saloon/engine";
import { z } from "zod";

/** Room names registered by the server. */
export const LOBBY_ROOM = "lobby";
export const TABLE_ROOM = "table";

export const MAX_NAME_LENGTH = 24;
/** The largest seat count any table may have; games narrow it with their own min/max. */
export const MAX_SEATS = 8;
/** An action payload larger than this (as JSON, in bytes) is refused with BAD_MESSAGE. */
export const MAX_ACTION_BYTES = 2048;
/** How long a person who left a running game keeps their seat by default (a table option). */
export const DEFAULT_GRACE_SECONDS = 300;
export const MAX_GRACE_SECONDS = 24 * 3600;

/** A guest identity: a random secret the browser keeps; it reclaims the seat after a reload. */
export const guestToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "a guest token is 16–64 letters, digits, - or _");

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

export const displayName = z
  .string()
  .max(MAX_NAME_LENGTH * 8, `at most ${MAX_NAME_LENGTH} characters`)
  .transform(normaliseName)
  .refine((name) => name.length > 0, "a name is needed")
  .refine((name) => [...name].length <= MAX_NAME_LENGTH, `at most ${MAX_NAME_LENGTH} characters`)
  .refine((name) => !/[<>]/.test(name), "a name cannot contain < or >");

/**
 * Options to join a table: as a player (optionally asking for a seat) or as a spectator.
 * A spectator may send its name and token too; they are accepted and ignored, so a client can
 * send the same identity whichever way it joins.
 */
export const spectatorJoinOptions = z
  .object({ spectate: z.literal(true), name: displayName.optional(), token: guestToken.optional() })
  .strict();
export const playerJoinOptions = z
  .object({
    name: displayName,
    token: guestToken,
    seat: z.number().int().min(0).max(MAX_SEATS - 1).optional(),
    spectate: z.literal(false).optional(),
  })
  .strict();
export const joinOptions = z.union([spectatorJoinOptions, playerJoinOptions]);
export type JoinOptions = z.input<typeof joinOptions>;

/** Options to create a table; the creator joins it with the same message, so join options come along. */
export const createTableOptions = z
  .object({
    game: z.string().min(1).max(32),
    seats: z.number().int().min(1).max(MAX_SEATS),
    /** Seat indices played by server bots. */
    bots: z.array(z.number().int().min(0).max(MAX_SEATS - 1)).max(MAX_SEATS).default([]),
    /** Game-specific table options; the game's parseOptions checks them. */
    options: z.record(z.string(), z.unknown()).optional(),
    /** A private table is not listed in the lobby; it is joined by its id. */
    private: z.boolean().default(false),
    /**
     * Seconds a person who left keeps their seat while the others wait (and see a countdown);
     * after it the others may give the seat to a bot or end the game. Default 300.
     */
    graceSeconds: z.number().int().min(0).max(MAX_GRACE_SECONDS).default(DEFAULT_GRACE_SECONDS),
  })
  .strict();
export type CreateTableOptions = z.input<typeof createTableOptions>;

/**
 * What a client passes to `client.create(TABLE_ROOM, …)`: the table options and, in the same
 * object, the creator's own join options (Colyseus hands one options object to both steps).
 */
export type CreateTableRequest = CreateTableOptions & JoinOptions;

/** Keys of a create request that belong to the table rather than to the creator's join. */
export const TABLE_OPTION_KEYS: readonly (keyof CreateTableOptions)[] = Object.keys(createTableOptions.shape) as (keyof CreateTableOptions)[];

/** "abandoned": the people at the table ended it before the end, or all of them left for good. */
export type TableStatus = "waiting" | "playing" | "finished" | "abandoned";
export type SeatKind = "open" | "human" | "bot";

/** What the lobby lists for each public table (Colyseus room metadata). */
export interface TableListing {
  game: string;
  gameTitle: string;
  status: TableStatus;
  seats: { seat: Seat; kind: SeatKind; name: string }[];
  seatsTaken: number;
  seatsTotal: number;
  createdAt: number;
}

/** Messages the built-in Colyseus lobby room sends (its own names, not ours). */
export const LOBBY_MESSAGES = {
  /** The full list of public tables, right after joining the lobby. */
  rooms: "rooms",
  /** `[roomId, entry]`: a table appeared or its listing changed. */
  added: "+",
  /** `roomId`: a table closed or went private. */
  removed: "-",
} as const;

/** One entry of the lobby list (the Colyseus room cache; `metadata` is ours). */
export interface LobbyEntry {
  roomId: string;
  name: string;
  clients: number;
  maxClients: number;
  metadata: TableListing;
}

/** Client → server message types. */
export const CLIENT_MESSAGES = { action: "action", absentSeat: "absent-seat" } as const;

/** The payload of an "action" message: one of the seat's current prompt options. */
export const actionMessage = z.object({ type: z.string().min(1).max(40) }).catchall(z.unknown());

/**
 * The payload of an "absent-seat" message, sent by a person still at the table once an absent
 * person's grace period is over: let a bot play that seat, or end the game (stored as abandoned).
 */
export const absentSeatMessage = z.object({ seat: z.number().int().min(0).max(MAX_SEATS - 1), choice: z.enum(["bot", "end"]) }).strict();
export type AbsentSeatMessage = z.infer<typeof absentSeatMessage>;

/** Server → client message types. */
export const SERVER_MESSAGES = { seated: "seated", log: "log", error: "error" } as const;

/** Sent to a client once after it joined: its seat, or null for a spectator. */
export interface SeatedMessage {
  seat: Seat | null;
  game: string;
}

/**
 * Log events, filtered for the receiving client. `from` and `to` are positions in the table's
 * whole log (before filtering): this batch covers entries `from` to `to - 1`. A message with
 * `from: 0` is the complete history (sent on join and after a reconnection) and replaces
 * whatever the client had; otherwise `from` equals the previous message's `to`.
 */
export interface LogMessage {
  from: number;
  to: number;
  events: LogEvent[];
}

export type ProtocolErrorCode =
  | GameErrorCode
  | "NOT_SEATED" // a spectator (or a replaced connection) tried to act
  | "NOT_STARTED" // the table is still waiting for players
  | "RATE_LIMITED" // too many messages too fast
  | "BAD_MESSAGE" // the payload does not have the message's shape, or is too large
  | "UNKNOWN_MESSAGE" // a message type the server does not handle
  | "NOT_NOW"; // an absent-seat choice for a seat that is not (or no longer) absent past its grace period

export interface ErrorMessage {
  code: ProtocolErrorCode;
  message: string;
  expected?: string;
}

/**
 * Why creating or joining a table failed. The server rejects the join with a Colyseus error
 * whose message starts with the code: `"TABLE_FULL: …"`; `joinErrorCode` reads it back.
 */
export type JoinErrorCode =
  | "BAD_OPTIONS" // create or join options do not have the documented shape
  | "UNKNOWN_GAME" // no game with that id is registered
  | "BAD_SETUP" // the game refused the seat count or its table options
  | "TABLE_FULL" // no free seat (join with { spectate: true } to watch)
  | "SEAT_TAKEN" // the requested seat is held by someone else or by a bot
  | "ROOM_FULL" // no room for another spectator or pending join (a seat's own player is always let in)
  | "RATE_LIMITED" // too many creates or joins from this person or address; try again later
  | "BAD_REQUEST"; // the request itself was refused before it reached a table (too large, malformed)

export const JOIN_ERROR_CODES: readonly JoinErrorCode[] = ["BAD_OPTIONS", "UNKNOWN_GAME", "BAD_SETUP", "TABLE_FULL", "SEAT_TAKEN", "ROOM_FULL", "RATE_LIMITED", "BAD_REQUEST"];

export function formatJoinError(code: JoinErrorCode, message: string): string {
  return `${code}: ${message}`;
}

/** The JoinErrorCode of a failed create/join (the SDK's error or its message), or null. */
export function joinErrorCode(error: unknown): JoinErrorCode | null {
  const message = typeof error === "string" ? error : error instanceof Error ? error.message : "";
  const code = message.split(":", 1)[0] as JoinErrorCode;
  return JOIN_ERROR_CODES.includes(code) ? code : null;
}

/** WebSocket close codes the table room uses besides Colyseus's own. */
export const CLOSE_CODES = {
  /** The same guest token joined again from another connection, which now holds the seat. */
  replaced: 4100,
  /** The connection kept sending after its message budget ran out: closed at once, nothing held. */
  flooding: 4101,
  /** The table failed (a fault in the server or the game) and was closed; its match is marked abandoned. */
  tableFailed: 4102,
  /** This copy of the table stopped because the table runs on another server process now: join it again by id. */
  moved: 4103,
} as const;

/** Largest HTTP request body accepted (bytes, from Content-Length); larger ones get 413 unread. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Decoded table state as a client sees it (the JSON form of the schema state). */
export interface TableSnapshot {
  game: string;
  status: TableStatus;
  /** Accepted actions so far. */
  version: number;
  seats: {
    seat: Seat;
    kind: SeatKind;
    name: string;
    connected: boolean;
    /** While a person is away during the game: when their grace period ends (epoch ms), else 0. */
    awayUntil: number;
    /** The grace period is over: the people still here may give the seat to a bot or end the game. */
    graceOver: boolean;
    secret?: { view: Record<string, string>; prompt: string };
  }[];
  /** The public view, one JSON text per top-level key of the game's view. */
  view: Record<string, string>;
  /** JSON of FinalScores once finished, else "". */
  result: string;
  /** Why an abandoned table ended ("ended-by-players", "all-left"), else "". */
  endReason: string;
}

/** Rebuilds the game view a client may see: the public keys, overridden by its seat's private keys. */
export function decodeView<V>(snapshot: TableSnapshot, seat: Seat | null): V {
  const mine = seat === null ? undefined : snapshot.seats.find((s) => s.seat === seat)?.secret;
  const merged: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(snapshot.view)) merged[key] = JSON.parse(text);
  for (const [key, text] of Object.entries(mine?.view ?? {})) merged[key] = JSON.parse(text);
  return merged as V;
}

/** The prompt the seat owes now, or null (spectators, other seats' turns, a finished game). */
export function decodePrompt<A extends ActionBase = ActionBase>(snapshot: TableSnapshot, seat: Seat | null): Prompt<A> | null {
  const text = seat === null ? "" : (snapshot.seats.find((s) => s.seat === seat)?.secret?.prompt ?? "");
  return text ? (JSON.parse(text) as Prompt<A>) : null;
}

export function decodeResult(snapshot: TableSnapshot): FinalScores | null {
  return snapshot.result ? (JSON.parse(snapshot.result) as FinalScores) : null;
}

/** `GET /api/games`: one entry per registered game. */
export interface GameInfo {
  id: string;
  title: string;
  minSeats: number;
  maxSeats: number;
}

/** `GET /health`. */
export interface HealthStatus {
  status: "ok" | "shutting-down";
  /** Seconds since the process started. */
  uptime: number;
  /** Rooms on this process (tables and the lobby). */
  rooms: number;
  /** Connected clients on this process. */
  clients: number;
}

// ------------------------------------------------------------------ match history (HTTP)

/** One ended match in GET /api/matches: finished, or abandoned after it started. */
export interface MatchSummary {
  id: string;
  game: string;
  /**
   * The game's `rulesVersion` when the match was played. A client whose rules carry another
   * version cannot rebuild it move by move (old rules are not kept): it shows the recorded scores.
   */
  rulesVersion: string;
  status: "waiting" | "playing" | "finished" | "abandoned";
  createdAt: string;
  startedAt: string | null;
  /** When it ended (finished or abandoned). */
  finishedAt: string | null;
  /** Why an abandoned match ended ("ended-by-players", "all-left"); null otherwise. */
  endReason: string | null;
  seats: { seat: Seat; kind: string; name: string; total: number | null; placement: number | null; winner: boolean }[];
}

/** GET /api/matches: newest first; pass `nextCursor` back as `cursor` for the next page. */
export interface MatchPage {
  matches: MatchSummary[];
  nextCursor: string | null;
}

/** GET /api/matches/:id, for ended matches only: everything a replay needs. */
export interface MatchDetail extends MatchSummary {
  options: Json;
  seed: string;
  actions: { index: number; seat: Seat; action: ActionBase; at: string }[];
  /** The final scores; null for an abandoned match. */
  scores: FinalScores | null;
}

/** Query text: one value (not repeated), and nothing a name could never hold. */
const queryText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !/[\p{Cc}\p{Cs}]/u.test(text), "control characters are not allowed");

/** A running or waiting table a guest sits at (GET /api/my-tables, the guest token in the `x-guest-token` header). */
export interface MyTable {
  id: string;
  game: string;
  status: "waiting" | "playing";
  /** This guest's seat there. */
  seat: Seat;
  seats: { seat: Seat; kind: string; name: string }[];
  startedAt: string | null;
}

/** The header carrying the guest token to GET /api/my-tables (a header, so it stays out of URLs and logs). */
export const GUEST_TOKEN_HEADER = "x-guest-token";

export const matchListQuery = z
  .object({
    game: queryText(32).optional(),
    player: queryText(MAX_NAME_LENGTH * 4).transform(normaliseName).optional(),
    cursor: queryText(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();

/**
 * How long a client waits before its next attempt to get back to its table after the connection
 * went (a restart, a crash, a move to another process): quick at first, since a restarted server
 * is back within seconds, then slower, and spread at random (±50 %) so that the people of a
 * thousand tables do not all knock in the same instant. Attempt 0 waits 75–225 ms; from the
 * sixth on, 0.75–2.25 s.
 */
export function rejoinDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1500, 150 * 1.7 ** Math.max(0, attempt));
  return Math.round(base * (0.5 + random()));
}
