/**
 * The contract every game package implements. A game is plain, deterministic data-in/data-out
 * code: it knows nothing of the network, the database or the browser (DESIGN.md principles 1–3).
 */

/** A seat is the 0-based index of a player in turn order; seat 0 is the start player. */
export type Seat = number;

/** Anything that survives a JSON round trip unchanged. States, actions, views and events are Json. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every action is a plain object tagged with its type. Games narrow this to a union of their own. */
export type ActionBase = { type: string } & { [key: string]: Json };

/**
 * A decision a seat owes right now, with every legal answer spelled out.
 * An action is legal exactly when it equals one of `options` (deep equality on the JSON value),
 * so clients render options, bots pick among them, and the engine validates against them.
 */
export interface Prompt<A extends ActionBase = ActionBase> {
  seat: Seat;
  /** What is asked, a stable id per game ("take", "direction", ...); renderers and translations key on it. */
  kind: string;
  options: A[];
  /** Extra public facts a renderer needs to phrase the question (the space being filled, a cost ...). */
  context?: { [key: string]: Json };
}

/**
 * A structured log entry: a type and its arguments, never an English sentence, so clients can
 * render and translate it. `onlyFor`, when present, lists the seats allowed to see the entry;
 * everyone else (spectators included) must not receive it.
 */
export type LogEvent = { type: string; onlyFor?: Seat[] } & { [key: string]: Json | undefined };

export type GameErrorCode =
  | "MALFORMED_ACTION" // not a plain JSON object with a string `type`, or too large
  | "UNKNOWN_ACTION" // a `type` this game never uses
  | "NOT_YOUR_TURN" // this seat owes no decision now
  | "ILLEGAL_ACTION" // a known action that is not among the seat's current options
  | "GAME_OVER" // the game has ended; nothing more can be done
  | "BAD_SETUP" // seat count or options rejected by setup
  | "INTERNAL_ERROR"; // the rules threw: a bug, reported instead of corrupting the state

export interface GameError {
  code: GameErrorCode;
  message: string;
  /** The prompt kind the seat was asked, when that helps the client recover. */
  expected?: string;
}

/** Thrown by setup/option parsing; `apply` never throws, it returns `{ ok: false }`. */
export class GameRuleError extends Error implements GameError {
  constructor(
    readonly code: GameErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "GameRuleError";
  }
}

export type ApplyResult<S> = { ok: true; state: S; events: LogEvent[] } | { ok: false; error: GameError };

export interface ScoreLine {
  seat: Seat;
  total: number;
  /** Points per scoring category; the categories sum to `total`. */
  breakdown: Record<string, number>;
  /** Tie-break values in order of precedence, higher is better. */
  tiebreak: number[];
  /** 1 for the winners; seats tied on total and every tie-break share a placement. */
  placement: number;
}

export interface FinalScores {
  /** Scoring category ids in display order. */
  categories: string[];
  /** One line per seat, in seat order. */
  lines: ScoreLine[];
  winners: Seat[];
}

/**
 * What a bot may keep between the decisions of one seat at one table: the caller holds one per
 * seat and table (a room's bot seat, a simulated game's seat) and hands it to each decision of
 * that seat. It only saves work: a bot decides the same with it, with a new one, or without one.
 * (A bot's search carried between its decisions of a turn, El Paso's, kept per seat in the bot's
 * module was overwritten by every other table's decision on a server, and never served.)
 */
export interface BotMemory {
  carried?: unknown;
}

/** A source of randomness for bots (never the game's own RNG, which lives in the state). */
export interface Random {
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * A game package. `S` is the full state (server only), `A` the action union, `O` the table
 * options, `V` the projection one viewer may see.
 */
export interface Game<S, A extends ActionBase, O, V> {
  id: string;
  title: string;
  minSeats: number;
  maxSeats: number;
  /** Bumped whenever a rules change would make old action logs replay differently. */
  rulesVersion: string;
  defaultOptions: O;
  /** Validates table options from the outside world; throws GameRuleError("BAD_SETUP"). */
  parseOptions(raw: unknown): O;

  /** A new game. All randomness flows from `seed`; the same seed always gives the same game. */
  setup(seed: string, seats: number, options?: O): S;
  /** The decisions owed right now, at most one per seat; several seats may owe one at once. Empty once over. */
  prompts(state: S): Prompt<A>[];
  /** Validates `action` against the seat's prompt and returns the next state; `state` itself is never changed. */
  apply(state: S, seat: Seat, action: unknown): ApplyResult<S>;
  isOver(state: S): boolean;
  /** Final scores with their breakdown, or null while the game runs. */
  scores(state: S): FinalScores | null;
  /** What `viewer` may see (null = spectator): plain data, hidden parts removed or reduced to counts. */
  view(state: S, viewer: Seat | null): V;
  /** Filters one log event for a viewer: null when the viewer must not see it. */
  viewEvent(event: LogEvent, viewer: Seat | null): LogEvent | null;
  /**
   * The bot hook: picks one of `prompt.options` seeing only what the seat itself may see.
   * `memory`, when given, is the same object at every decision of this seat at this table.
   */
  bot(view: V, prompt: Prompt<A>, random: Random, memory?: BotMemory): A;
  /**
   * Optional, for the simulator: named figures per seat of a finished game (turns taken,
   * deliveries, objectives met …), from its final state and every event it produced.
   */
  stats?(state: S, events: readonly LogEvent[]): Record<string, number>[];
  /**
   * Optional: seats the rules play themselves under these table options (an automa, such as El
   * Paso's solo opponent Sue). A table makes them bot seats with this name; no person sits there.
   */
  automaSeats?(seats: number, options: O): AutomaSeat[];
  /**
   * Optional: whether the step from `before` to `after` by `seat` cannot be taken back for a
   * reason only the game knows: it showed something hidden without drawing randomness (a draw
   * from a pile shuffled at setup: "reveal"), or it ended the seat's turn although the same seat
   * decides next ("turn"). undo.ts finds dice, shuffles and decisions handed on by itself.
   */
  closesUndo?(before: S, after: S, seat: Seat): "reveal" | "turn" | null;
  /**
   * Optional, for the server's sync (docs/sync.md): top-level keys of the view whose members each
   * travel as one value (one path with the member's JSON) instead of a path per field. For lists
   * whose members come and go whole, such as El Paso's pending-action frames: split into fields,
   * each push added and each pop deleted a path per field in every client's synced map.
   */
  wholeMembers?: readonly string[];
}

/** A seat the game plays itself, and the name it goes by at the table. */
export interface AutomaSeat {
  seat: Seat;
  name: string;
}

/** A game with its type parameters erased, for registries and the generic room. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any>;
