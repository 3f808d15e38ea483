/**
 * Helpers for the rules tests: build a precise situation by hand, then drive it through the
 * public API (`fistful.apply`, `fistful.prompts`, `fistful.scores`). Not part of the package's
 * exports; only the `*.test.ts` files import it.
 */
import { type GameErrorCode, type LogEvent, type RngState, type Seat, rollInt, seedRng } from "@saloon/engine";
import { LOCATIONS, type LocationId, type MeepleCounts } from "./data.ts";
import { fistful } from "./index.ts";
import type { FistfulAction, FistfulPrompt } from "./rules.ts";
import { type FistfulState, noMeeples } from "./state.ts";

/** Meeple counts from a partial list: `meeples({ miner: 2 })`. */
export function meeples(counts: Partial<MeepleCounts> = {}): MeepleCounts {
  return { ...noMeeples(), ...counts };
}

/**
 * A table at the start of seat 0's first turn, past the starting signs, with every location,
 * space and sign emptied, so a test adds exactly what it needs. The bag, the Jail's dynamite,
 * the bank and the graveyard are as after setup.
 */
export function emptyTable(seats = 2, seed = "test"): FistfulState {
  const state = fistful.setup(seed, seats);
  for (const id of LOCATIONS) state.locations[id] = noMeeples();
  state.signs = {};
  state.spaces = {};
  state.active = 0;
  state.step = { kind: "take" };
  return state;
}

/** Puts meeples into a location (adding to what is there). */
export function put(state: FistfulState, location: LocationId, counts: Partial<MeepleCounts>): void {
  const here = state.locations[location];
  for (const [type, n] of Object.entries(counts) as [keyof MeepleCounts, number][]) here[type] += n;
}

/** The bag holds only gold, so every draw is a gold cube whatever the RNG says. */
export function goldOnlyBag(state: FistfulState, gold = 30): void {
  state.bag = { gold, stone: 0, dynamite: 0 };
}

/** The one prompt owed now (this game never has more than one). */
export function prompt(state: FistfulState): FistfulPrompt {
  const prompts = fistful.prompts(state);
  if (prompts.length !== 1) throw new Error(`expected exactly one prompt, got ${prompts.length}`);
  return prompts[0]!;
}

export interface Played {
  state: FistfulState;
  events: LogEvent[];
}

/** Applies one legal action; throws with the error code when the rules refuse it. */
export function act(state: FistfulState, seat: Seat, action: FistfulAction): Played {
  const result = fistful.apply(state, seat, action);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
  return { state: result.state, events: result.events };
}

/** Applies several actions in a row, each by the seat the current prompt asks; collects every event. */
export function play(state: FistfulState, ...actions: FistfulAction[]): Played {
  let current = state;
  const events: LogEvent[] = [];
  for (const action of actions) {
    const played = act(current, prompt(current).seat, action);
    current = played.state;
    events.push(...played.events);
  }
  return { state: current, events };
}

/** The error code `apply` answers with, or null when the action is accepted. */
export function errorCode(state: FistfulState, seat: Seat, action: unknown): GameErrorCode | null {
  const result = fistful.apply(state, seat, action);
  return result.ok ? null : result.error.code;
}

/** Events of one type, in order. */
export function eventsOf(events: LogEvent[], type: string): LogEvent[] {
  return events.filter((event) => event.type === type);
}

/**
 * An RNG state whose next die rolls (1–6) are exactly `rolls`, found by trying seeds in order:
 * deterministic, and it lets a test fix the showdown dice. Nothing else may draw from the RNG
 * between setting it and the showdown (door draws from a one-kind bag still advance it, so
 * resolve the showdown before those, or let the showdown be the only thing to resolve).
 */
export function rngRolling(...rolls: number[]): RngState {
  for (let i = 0; i < 1_000_000; i++) {
    const candidate = seedRng(`rolls:${i}`);
    const holder = { rng: [...candidate] };
    if (rolls.every((roll) => rollInt(holder, 1, 6) === roll)) return candidate;
  }
  throw new Error(`no seed rolls ${rolls.join(", ")}`);
}
