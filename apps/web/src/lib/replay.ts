/**
 * Replays in the browser: a finished match is rebuilt from its seed and action log with the
 * game's own rules (the same package the server runs), keeping the state after every move and
 * the events each move produced. The stepping model (`control`) is a plain reducer so the
 * viewer's buttons, slider, keys and playback all go through one tested function.
 */
import { type ActionBase, type AnyGame, type FinalScores, type GameErrorCode, GameRuleError, type LogEvent, type Seat, sameJson } from "@saloon/engine";
import { m } from "../paraglide/messages.js";
import { formatNumber } from "./i18n.ts";
import { joinNames, seatName } from "./seats.ts";

export interface ReplayMove {
  /** 1-based: move 1 is the first action of the match. */
  number: number;
  seat: Seat;
  action: ActionBase;
  /** Every event the move produced, unfiltered (filter with `visibleEvents` for one viewer). */
  events: LogEvent[];
}

export interface Replay {
  /** `states[k]` is the game after k moves; `states[0]` is the setup. */
  states: unknown[];
  moves: ReplayMove[];
  /** Moves stored for the match; `states.length - 1` falls short of it only when rebuilding failed. */
  total: number;
  /** Why rebuilding stopped early, or null (worded for the reader by `replayFailureText`). */
  failure: ReplayFailure | null;
}

/**
 * Why a recorded match could not be rebuilt: what the rules answered, as data, so the page says it
 * in the reader's language (and again when the reader switches). `detail` is the rules' own
 * English sentence, kept for whoever reports or debugs the match.
 */
export type ReplayFailure =
  /** `setup` (or the options check) threw; `code` is null when it was not a rules error. */
  | { kind: "setup"; code: GameErrorCode | null; detail: string }
  /** `apply` refused move `move` (1-based) of `seat`, an action of type `action`. */
  | { kind: "refused"; move: number; seat: Seat; action: string; code: GameErrorCode; detail: string };

export interface RecordedMatch {
  seed: string;
  /** Number of seats. */
  seats: number;
  options: unknown;
  actions: readonly { seat: Seat; action: ActionBase }[];
}

/**
 * Why this client cannot rebuild a recorded match, or null when it can. A match is rebuilt only
 * with the rules version it was played with: a rules change (new component values, a changed
 * rule) makes an old log replay a different game, and old versions are not kept. Such a match
 * keeps its recorded scores; it is marked instead of replayed.
 */
export function notReplayable(rules: Pick<AnyGame, "id" | "rulesVersion"> | null | undefined, match: { game: string; rulesVersion: string }): string | null {
  if (!rules || rules.id !== match.game) return m.match_no_rules({ game: match.game });
  if (rules.rulesVersion !== match.rulesVersion) return m.match_old_rules({ played: match.rulesVersion, current: rules.rulesVersion });
  return null;
}

/** Rebuilds every state of a match: `game.setup`, then `game.apply` once per recorded action. */
export function buildReplay(game: AnyGame, match: RecordedMatch): Replay {
  const replay: Replay = { states: [], moves: [], total: match.actions.length, failure: null };
  let state: unknown;
  try {
    const options: unknown = game.parseOptions(match.options);
    state = game.setup(match.seed, match.seats, options);
  } catch (error) {
    const code = error instanceof GameRuleError ? error.code : null;
    replay.failure = { kind: "setup", code, detail: error instanceof Error ? error.message : String(error) };
    return replay;
  }
  replay.states.push(state);
  for (const [index, entry] of match.actions.entries()) {
    const result = game.apply(state, entry.seat, entry.action);
    if (!result.ok) {
      replay.failure = { kind: "refused", move: index + 1, seat: entry.seat, action: entry.action.type, code: result.error.code, detail: result.error.message };
      break;
    }
    state = result.state;
    replay.states.push(state);
    replay.moves.push({ number: index + 1, seat: entry.seat, action: entry.action, events: result.events });
  }
  return replay;
}

/** What the rules' answer means for a replay, per code, in the reader's language. */
export const REPLAY_REASON_TEXTS: Record<GameErrorCode, () => string> = {
  MALFORMED_ACTION: m.replay_reason_malformed_action,
  UNKNOWN_ACTION: m.replay_reason_unknown_action,
  NOT_YOUR_TURN: m.replay_reason_not_your_turn,
  ILLEGAL_ACTION: m.replay_reason_illegal_action,
  GAME_OVER: m.replay_reason_game_over,
  BAD_SETUP: m.replay_reason_bad_setup,
  INTERNAL_ERROR: m.replay_reason_internal_error,
};

/** Why the match could not be rebuilt, as one sentence in the reader's language. */
export function replayFailureText(failure: ReplayFailure, names: readonly string[]): string {
  const reason = failure.code && Object.hasOwn(REPLAY_REASON_TEXTS, failure.code) ? REPLAY_REASON_TEXTS[failure.code]() : m.replay_reason_unexpected();
  if (failure.kind === "setup") return m.replay_failed_setup({ reason });
  return m.replay_failed_move({ move: formatNumber(failure.move), name: seatName(names, failure.seat), action: failure.action, reason });
}

/** The last move the viewer can show (fewer than `total` when rebuilding failed). */
export function lastMove(replay: Replay): number {
  return Math.max(0, replay.states.length - 1);
}

/** The events of one move that `viewer` may see (null = spectator), as the game filters them. */
export function moveEvents(game: AnyGame, move: ReplayMove | undefined, viewer: Seat | null): LogEvent[] {
  if (!move) return [];
  return move.events.flatMap((event) => game.viewEvent(event, viewer) ?? []);
}

/** The whole log up to and including move `upTo`, as `viewer` would have seen it at the table. */
export function visibleEvents(game: AnyGame, replay: Replay, upTo: number, viewer: Seat | null): LogEvent[] {
  return replay.moves.slice(0, Math.max(0, upTo)).flatMap((move) => moveEvents(game, move, viewer));
}

/** The event that best says what a move was: the mover's own first event other than a turn marker. */
export function headlineEvent(events: readonly LogEvent[], seat: Seat): LogEvent | null {
  const plain = events.filter((e) => e.type !== "turnStarted");
  return plain.find((e) => e.seat === seat) ?? plain[0] ?? null;
}

// ------------------------------------------------------------------ stepping

export interface Cursor {
  /** 0 = the setup, `last` = the end. */
  move: number;
  last: number;
  playing: boolean;
}

export type Control = "start" | "back" | "forward" | "end" | "play" | "pause" | "toggle" | "tick" | { to: number };

const clamp = (move: number, last: number) => Math.min(Math.max(0, Math.round(Number.isFinite(move) ? move : 0)), last);

/**
 * One step of the viewer. Stepping by hand pauses playback; `tick` is playback's own step and
 * stops at the end; playing from the end starts again from the setup.
 */
export function control(cursor: Cursor, input: Control): Cursor {
  const { move, last } = cursor;
  if (typeof input === "object") return { move: clamp(input.to, last), last, playing: false };
  switch (input) {
    case "start":
      return { move: 0, last, playing: false };
    case "end":
      return { move: last, last, playing: false };
    case "back":
      return { move: clamp(move - 1, last), last, playing: false };
    case "forward":
      return { move: clamp(move + 1, last), last, playing: false };
    case "play":
      if (last === 0) return { ...cursor, playing: false };
      return { move: move >= last ? 0 : move, last, playing: true };
    case "pause":
      return { ...cursor, playing: false };
    case "toggle":
      return control(cursor, cursor.playing ? "pause" : "play");
    case "tick": {
      if (!cursor.playing) return cursor;
      const next = clamp(move + 1, last);
      return { move: next, last, playing: next < last };
    }
  }
}

/** The control a key stands for in the viewer, or null for keys it leaves alone. */
export function keyControl(key: string): Control | null {
  switch (key) {
    case "ArrowLeft":
      return "back";
    case "ArrowRight":
      return "forward";
    case "Home":
      return "start";
    case "End":
      return "end";
    case " ":
    case "k":
      return "toggle";
    default:
      return null;
  }
}

/** Playback speeds, milliseconds per move. */
export const SPEEDS = [
  { label: m.match_speed_slow, ms: 1600 },
  { label: m.match_speed_normal, ms: 800 },
  { label: m.match_speed_fast, ms: 300 },
] as const;

// ------------------------------------------------------------------ the score check

/**
 * What differs between the scores the replay rebuilt and the ones stored when the match ended;
 * empty when they agree (they must). Sentences, ready to show.
 */
export function scoreProblems(rebuilt: FinalScores | null, stored: FinalScores, names: readonly string[]): string[] {
  if (!rebuilt) return [m.match_problem_no_end()];
  const who = (seat: Seat) => seatName(names, seat);
  const problems: string[] = [];
  if (!sameJson(rebuilt.categories, stored.categories)) {
    problems.push(m.match_problem_categories({ stored: stored.categories.join(", "), rebuilt: rebuilt.categories.join(", ") }));
  }
  const seats = [...new Set([...stored.lines, ...rebuilt.lines].map((l) => l.seat))].sort((a, b) => a - b);
  for (const seat of seats) {
    const a = stored.lines.find((l) => l.seat === seat);
    const b = rebuilt.lines.find((l) => l.seat === seat);
    if (!a || !b) {
      problems.push(a ? m.match_problem_only_stored({ name: who(seat) }) : m.match_problem_only_rebuilt({ name: who(seat) }));
      continue;
    }
    if (a.total !== b.total) problems.push(m.match_problem_total({ name: who(seat), stored: String(a.total), rebuilt: String(b.total) }));
    for (const category of new Set([...Object.keys(a.breakdown), ...Object.keys(b.breakdown)])) {
      const x = a.breakdown[category] ?? 0;
      const y = b.breakdown[category] ?? 0;
      if (x !== y) problems.push(m.match_problem_category({ name: who(seat), category, stored: String(x), rebuilt: String(y) }));
    }
    if (a.placement !== b.placement) problems.push(m.match_problem_place({ name: who(seat), stored: String(a.placement), rebuilt: String(b.placement) }));
  }
  const winners = (s: FinalScores) => [...s.winners].sort((x, y) => x - y);
  const winnerNames = (s: FinalScores) => joinNames(winners(s).map(who)) || m.match_problem_none();
  if (!sameJson(winners(stored), winners(rebuilt))) problems.push(m.match_problem_winners({ stored: winnerNames(stored), rebuilt: winnerNames(rebuilt) }));
  return problems;
}
