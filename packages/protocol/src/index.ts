/**
 * The wire protocol between the Saloon server and its clients (browser, bot CLI, anyone's bot).
 * Incoming shapes are zod schemas (schemas.ts) so the server validates what arrives and clients share the types.
 * docs/protocol.md explains them in prose.
 */
import type { ActionBase, FinalScores, GameErrorCode, Json, LogEvent, Prompt, Seat } from "@saloon/engine";

// The zod schemas live in schemas.ts and the bounds in limits.ts: a browser that imports only
// constants and types from here leaves zod out of its bundle (the package has no side effects).
export * from "./limits.ts";
export * from "./schemas.ts";
import { ViewDecoder } from "./view-decoder.ts";
import { rebuildView } from "./view-paths.ts";

export { ViewDecoder } from "./view-decoder.ts";
export { ABSENT, ARRAY_MARK, OBJECT_MARK, flattenAt, flattenView, isLeaf, memberPath, rebuildView, viewObject, viewOverrides } from "./view-paths.ts";

/** Room names registered by the server. */
export const LOBBY_ROOM = "lobby";
export const TABLE_ROOM = "table";

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
export const CLIENT_MESSAGES = {
  action: "action",
  absentSeat: "absent-seat",
  /** Takes back the sender's last step of its turn, while it may (issue #15 item 3); no payload. */
  undo: "undo",
  /** A seated person sets the table's bot pace: payload `BotPaceMessage` (issue #15 item 5). */
  botPace: "bot-pace",
  /** A seated person lets the bots play their pending steps at once, until a person owes a decision; no payload. */
  skipBots: "skip-bots",
  /**
   * Asks whether an action would be final (it could not be taken back), before sending it: for
   * the "confirm before ending my turn" option. Payload: the action; answered by "step-check".
   */
  checkStep: "check-step",
  /** A line to the table chat: payload `ChatRequest` (issue #15 item 4). */
  chat: "chat",
} as const;

/** A client → server message type. */
export type ClientMessageType = (typeof CLIENT_MESSAGES)[keyof typeof CLIENT_MESSAGES];

/** Server → client message types. */
export const SERVER_MESSAGES = { seated: "seated", log: "log", error: "error", stepCheck: "step-check", chat: "chat" } as const;

/**
 * The answer to "check-step" for one of the seat's current options: `final` when it could not be
 * taken back; `endsTurn` when it hands the turn on (or ends the game) without drawing or
 * revealing anything, so the answer never tells the outcome of a draw.
 */
export interface StepCheckMessage {
  final: boolean;
  endsTurn: boolean;
  /**
   * The option checked, as the client sent it, and the table's version it was checked at: the
   * client matches the answer to its question by them, so an answer that comes after the client
   * stopped waiting for it is never taken for a later question's. Absent from older servers.
   */
  option?: unknown;
  version?: number;
}

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

/**
 * One line of table chat, as stored and sent. It carries no game information: who wrote it, when,
 * and after how many moves (`move`, the table's version then), so a replay shows it at that point.
 */
export interface ChatLine {
  /** Its position in the table's chat, from 0. */
  index: number;
  /** The writer's seat, or null for a spectator. */
  seat: Seat | null;
  /** The writer's name as the table showed it. */
  name: string;
  /** Moves accepted and shown when it was written. */
  move: number;
  text: string;
  /** When it was written (epoch ms). */
  at: number;
}

/**
 * Table chat. `replace: true` is the recent chat in full (sent on join and after a reconnection)
 * and replaces what the client had; otherwise `lines` follow on what it had.
 */
export interface ChatMessage {
  lines: ChatLine[];
  replace: boolean;
  /** With `replace: true`: whether this client may write (spectators only where the table allows it). */
  mayWrite?: boolean;
}

export type ProtocolErrorCode =
  | GameErrorCode
  | "NOT_SEATED" // a spectator (or a replaced connection) tried to act
  | "NOT_STARTED" // the table is still waiting for players
  | "RATE_LIMITED" // too many messages too fast
  | "BAD_MESSAGE" // the payload does not have the message's shape, or is too large
  | "UNKNOWN_MESSAGE" // a message type the server does not handle
  | "CHAT_TOO_LONG" // a chat message longer than MAX_CHAT_LENGTH characters after cleaning
  | "CHAT_TOO_FAST" // more chat messages than the chat's own rate allows; wait a few seconds
  | "CHAT_CLOSED" // a spectator wrote, and this table lets spectators read only
  | "CHAT_FULL" // the table's chat has reached its most messages
  | "NOT_NOW" // an absent-seat choice for a seat that is not (or no longer) absent past its grace period
  | "NOTHING_TO_UNDO" // an undo from a seat that has taken no step this turn that could be taken back
  | "UNDO_CLOSED"; // an undo past a step that revealed something, drew randomness or ended the turn

/**
 * Every ProtocolErrorCode once, as data: clients keep a text per code and their tests walk this
 * list. A Record over the union, so the type check fails when a code is added to the union and
 * not here (or listed here and not in the union).
 */
const PROTOCOL_ERROR_CODE_SET: Record<ProtocolErrorCode, true> = {
  MALFORMED_ACTION: true,
  UNKNOWN_ACTION: true,
  NOT_YOUR_TURN: true,
  ILLEGAL_ACTION: true,
  GAME_OVER: true,
  BAD_SETUP: true,
  INTERNAL_ERROR: true,
  NOT_SEATED: true,
  NOT_STARTED: true,
  RATE_LIMITED: true,
  BAD_MESSAGE: true,
  UNKNOWN_MESSAGE: true,
  NOT_NOW: true,
  NOTHING_TO_UNDO: true,
  UNDO_CLOSED: true,
  CHAT_TOO_LONG: true,
  CHAT_TOO_FAST: true,
  CHAT_CLOSED: true,
  CHAT_FULL: true,
};
export const PROTOCOL_ERROR_CODES = Object.keys(PROTOCOL_ERROR_CODE_SET) as readonly ProtocolErrorCode[];

export interface ErrorMessage {
  code: ProtocolErrorCode;
  message: string;
  expected?: string;
  /**
   * The type of the message this refuses ("action", "undo", "check-step", "chat", …), so a client
   * with several requests out (an answer, a chat line) knows which one failed. Absent for a
   * message type the table does not know (UNKNOWN_MESSAGE), from the lobby, and from servers
   * before it: then it may answer any of them (`refuses`).
   */
  request?: ClientMessageType;
}

/**
 * Whether `error` is the refusal of a `request` this client sent: it names that request, or names
 * none (a server before the field, an unknown message type), which counts for whatever is out.
 */
export function refuses(error: Pick<ErrorMessage, "request">, request: ClientMessageType): boolean {
  return error.request === undefined || error.request === request;
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

const JOIN_ERROR_CODE_SET: Record<JoinErrorCode, true> = {
  BAD_OPTIONS: true,
  UNKNOWN_GAME: true,
  BAD_SETUP: true,
  TABLE_FULL: true,
  SEAT_TAKEN: true,
  ROOM_FULL: true,
  RATE_LIMITED: true,
  BAD_REQUEST: true,
};
/** Every JoinErrorCode once (checked against the union like PROTOCOL_ERROR_CODES). */
export const JOIN_ERROR_CODES = Object.keys(JOIN_ERROR_CODE_SET) as readonly JoinErrorCode[];

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
    /**
     * Only this seat's own: its view's paths that differ from the public ones, its prompt (JSON,
     * or ""), how many steps it can take back, and `acted`: the version right after its latest
     * action that still stands (0: none; absent from servers before it was added), which changes
     * in the patch that shows that action and in no other (answerLanded).
     */
    secret?: { view: Record<string, string>; prompt: string; undo?: number; acted?: number };
  }[];
  /** The public view: path → leaf JSON text or container marker (view-paths.ts). */
  view: Record<string, string>;
  /** JSON of FinalScores once finished, else "". */
  result: string;
  /** Why an abandoned table ended ("ended-by-players", "all-left"), else "". */
  endReason: string;
  /** How fast the bots play: "instant" | "quick" | "normal" (absent from servers before issue #15). */
  botPace?: string;
}

/**
 * Rebuilds the game view a client may see: the public paths, overridden by its seat's private
 * ones (view-paths.ts). The one way clients (web, bots, tests) read a view.
 */
export function decodeView<V>(snapshot: TableSnapshot, seat: Seat | null): V {
  const mine = seat === null ? undefined : snapshot.seats.find((s) => s.seat === seat)?.secret;
  return rebuildView(snapshot.view, mine?.view) as V;
}

/**
 * `decodeView` for one reader, snapshot after snapshot (a client at each patch): the view made at
 * each call shares what did not change with the one before, and is frozen (view-decoder.ts).
 */
export function viewReader<V>(seat: Seat | null): (snapshot: TableSnapshot) => V {
  const decoder = new ViewDecoder();
  return (snapshot) => decoder.decode(snapshot.view, seat === null ? undefined : snapshot.seats.find((s) => s.seat === seat)?.secret?.view) as V;
}

/** The prompt the seat owes now, or null (spectators, other seats' turns, a finished game). */
export function decodePrompt<A extends ActionBase = ActionBase>(snapshot: TableSnapshot, seat: Seat | null): Prompt<A> | null {
  const text = seat === null ? "" : (snapshot.seats.find((s) => s.seat === seat)?.secret?.prompt ?? "");
  return text ? (JSON.parse(text) as Prompt<A>) : null;
}

/** The seat's `acted` (see TableSnapshot), or undefined for a spectator or from a server without it. */
export function decodeActed(snapshot: TableSnapshot, seat: Seat | null): number | undefined {
  return seat === null ? undefined : snapshot.seats.find((s) => s.seat === seat)?.secret?.acted;
}

/** Where the table stood, for one seat, when that seat decided an answer: its version and the seat's `acted`. */
export interface AnswerMark {
  version: number;
  acted: number | undefined;
}

/**
 * Whether a seat's answer, decided at `sent`, has landed by `now`: the first state whose `acted`
 * differs carries it. Another seat's move raises the version but never changes this seat's
 * `acted`, and the prompt cannot tell either (with simultaneous decisions it stays the same
 * while the answer is on its way; El Paso may ask the same question again right after it
 * landed). A refusal comes as an "error" message instead. From a server without `acted`, any
 * newer version counts, as clients did before.
 */
export function answerLanded(sent: AnswerMark, now: AnswerMark): boolean {
  if (now.acted === undefined || sent.acted === undefined) return now.version !== sent.version;
  return now.acted !== sent.acted;
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
  /** The table chat, oldest first; each line's `move` places it in the replay. */
  chat: ChatLine[];
  /** The final scores; null for an abandoned match. */
  scores: FinalScores | null;
}

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

/** The part of the SDK's reconnection settings (Colyseus's `room.reconnection`) our clients set. */
export interface ReconnectionSettings {
  minUptime: number;
  maxRetries: number;
  minDelay: number;
  backoff: (attempt: number, delay: number) => number;
}

/**
 * How every client of ours (the web client, the benches) lets the SDK bring a dropped connection
 * back: one WebSocket with the session's reconnection token, which a table also takes after the
 * server restarted or crashed (apps/server/src/seat-return.ts). Its tries follow rejoinDelayMs and
 * go on for 6.7–20 s in all, ~13 s at the mean (a restarted server listens within a second or two;
 * while it is down each try is a refused connection, costing nobody anything); a refused token
 * (another process has the table, a spectator's session) or tries used up end in the room's
 * onLeave, where the client joins its table again by id.
 */
export function reconnectLikeOurClients(reconnection: ReconnectionSettings): void {
  reconnection.minUptime = 1000;
  reconnection.maxRetries = 12;
  reconnection.minDelay = 50;
  reconnection.backoff = (attempt: number) => rejoinDelayMs(attempt - 1);
}
