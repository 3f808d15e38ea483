/**
 * Helpers for the rules tests of every game package (`@saloon/engine/testing`): drive a game
 * through its public contract — the prompt owed now, apply-or-throw, several actions in a row,
 * the error code of a refused action.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { ActionBase, Game, GameErrorCode, LogEvent, Prompt, Seat } from "./contract.ts";
import { type LoggedAction, playOut } from "./simulate.ts";
import { type UndoBarrier, undoBarrier } from "./undo.ts";

export interface Played<S> {
  state: S;
  events: LogEvent[];
}

export function gameDriver<S, A extends ActionBase>(game: Game<S, A, any, any>) {
  /** The one prompt owed now; throws when no seat or several seats owe one. */
  const prompt = (state: S): Prompt<A> => {
    const prompts = game.prompts(state);
    if (prompts.length !== 1) throw new Error(`expected exactly one prompt, got ${prompts.length}`);
    return prompts[0]!;
  };

  /** Applies one legal action; throws with the error code when the rules refuse it. */
  const act = (state: S, seat: Seat, action: A): Played<S> => {
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
    return { state: result.state, events: result.events };
  };

  /** Applies several actions in a row, each by the seat the current prompt asks; collects every event. */
  const play = (state: S, ...actions: A[]): Played<S> => {
    let current = state;
    const events: LogEvent[] = [];
    for (const action of actions) {
      const played = act(current, prompt(current).seat, action);
      current = played.state;
      events.push(...played.events);
    }
    return { state: current, events };
  };

  /** The error code `apply` answers with, or null when the action is accepted. */
  const errorCode = (state: S, seat: Seat, action: unknown): GameErrorCode | null => {
    const result = game.apply(state, seat, action);
    return result.ok ? null : result.error.code;
  };

  return { prompt, act, play, errorCode };
}

/** Events of one type, in order. */
export function eventsOf(events: LogEvent[], type: string): LogEvent[] {
  return events.filter((event) => event.type === type);
}

/**
 * A stored match (18xx.games' habit): seed, seats, options and action log, with what replaying
 * it gave when it was recorded. `digest` is SHA-256 over the canonical JSON of every state and
 * every viewer's view (each seat and the spectator) after every action, so a change in how
 * states are built (copy-on-write, shared views) that alters any moment of any view shows up.
 */
export interface MatchFixture {
  game: string;
  rulesVersion: string;
  seed: string;
  seats: number;
  options: unknown;
  log: LoggedAction[];
  totals: number[];
  digest: string;
}

/** JSON with object keys sorted, so that two equal states give the same text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : canonicalJson(item))).join(",")}]`;
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

/** Replays a match and digests every state and view on the way; returns the digest and the final totals. */
export function replayDigest(game: Game<any, any, any, any>, match: Pick<MatchFixture, "seed" | "seats" | "options" | "log">) {
  const hash = sha256.create();
  const encoder = new TextEncoder();
  const absorb = (state: unknown) => {
    hash.update(encoder.encode(canonicalJson(state)));
    for (let viewer = -1; viewer < match.seats; viewer++) hash.update(encoder.encode(canonicalJson(game.view(state, viewer < 0 ? null : viewer))));
  };
  let state = game.setup(match.seed, match.seats, match.options ?? undefined);
  absorb(state);
  for (const [index, entry] of match.log.entries()) {
    const result = game.apply(state, entry.seat, entry.action);
    if (!result.ok) throw new Error(`replay failed at action ${index}: ${result.error.code} ${result.error.message}`);
    state = result.state;
    absorb(state);
    hash.update(encoder.encode(canonicalJson(result.events)));
  }
  const totals = game.scores(state)?.lines.map((line) => line.total) ?? [];
  return { state, totals, digest: bytesToHex(hash.digest()) };
}

/** Plays a bot match and records it as a fixture. */
export function recordFixture(game: Game<any, any, any, any>, seed: string, seats: number, options?: unknown): MatchFixture {
  const { log } = playOut(game, { seed, seats, options });
  const { totals, digest } = replayDigest(game, { seed, seats, options: options ?? null, log });
  return { game: game.id, rulesVersion: game.rulesVersion, seed, seats, options: options ?? null, log, totals, digest };
}

/** Paths of every object or array in `value` that is not frozen (empty when frozen all the way down). */
export function unfrozenPaths(value: unknown, path = "state"): string[] {
  if (typeof value !== "object" || value === null) return [];
  const own = Object.isFrozen(value) ? [] : [path];
  return [...own, ...Object.entries(value).flatMap(([key, item]) => unfrozenPaths(item, `${path}.${key}`))];
}

/**
 * Tries to write into every object and array of every viewer's view of `state` (each property
 * replaced, arrays pushed onto and emptied) and returns the canonical JSON of the state before
 * and after, which must be equal: views share the state's objects, and that is safe only while
 * no holder of a view can change the game through one.
 */
export function vandalizeViews(game: Game<any, any, any, any>, state: unknown, seats: number): { before: string; after: string } {
  const before = canonicalJson(state);
  const attempt = (change: () => void) => {
    try {
      change();
    } catch {
      // A frozen object refuses the write: what we want.
    }
  };
  const vandalize = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      vandalize(record[key]);
      attempt(() => (record[key] = "vandal"));
    }
    if (Array.isArray(node)) {
      attempt(() => node.push("vandal"));
      attempt(() => node.splice(0));
    } else {
      attempt(() => (record.vandal = "vandal"));
    }
  };
  for (let viewer = -1; viewer < seats; viewer++) vandalize(game.view(state, viewer < 0 ? null : viewer));
  return { before, after: canonicalJson(state) };
}

/** One step of a bot-played game with where it leaves the undo window (issue #15 item 3). */
export interface UndoStep {
  seat: Seat;
  action: ActionBase;
  events: LogEvent[];
  barrier: UndoBarrier | null;
}

/** Plays a game with the game's own bots and tells, step by step, whether it could be taken back. */
export function undoSteps(game: Game<any, any, any, any>, seed: string, seats: number, options?: unknown): UndoStep[] {
  const { log } = playOut(game, { seed, seats, options });
  let state = game.setup(seed, seats, options);
  return log.map(({ seat, action }) => {
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    const barrier = undoBarrier(game, state, result.state, seat);
    state = result.state;
    return { seat, action, events: result.events, barrier };
  });
}
