/**
 * Helpers for the rules tests: build a precise situation by hand, then drive it through the
 * public API (`fistful.apply`, `fistful.prompts`, `fistful.scores`). Not part of the package's
 * exports; only the `*.test.ts` files import it.
 */
import { type RngState, rollInt, seedRng } from "@saloon/engine";
import { gameDriver } from "@saloon/engine/testing";
import { LOCATIONS, type LocationId, type MeepleCounts } from "./data.ts";
import { fistful } from "./index.ts";
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
  // States from the engine are frozen (they share parts with each other); positions are built on a copy.
  const state = structuredClone(fistful.setup(seed, seats));
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

export const { prompt, act, play, errorCode } = gameDriver(fistful);
export { eventsOf, type Played } from "@saloon/engine/testing";

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
