/**
 * Helpers for the rules tests: build a precise situation by hand, then drive it through the
 * public API (`elGaucho.apply`, `elGaucho.prompts`, `elGaucho.scores`). Only `*.test.ts` files import it.
 */
import type { LogEvent, Seat } from "@saloon/engine";
import { gameDriver, type Played } from "@saloon/engine/testing";
import { AREAS, type Area, BREEDS, type Breed, type Tile } from "./data.ts";
import { elGaucho } from "./index.ts";
import type { GauchoAction } from "./rules/prompts.ts";
import { emptyHerds, type GauchoState, newTurn } from "./state.ts";

export const tile = (breed: Breed, value: number): Tile => ({ breed, value });
/** Tiles of one breed: `tiles("white", 3, 5, 6)`. */
export const tiles = (breed: Breed, ...values: number[]): Tile[] => values.map((v) => tile(breed, v));

/**
 * A table at the start of seat 0's first turn (after the pre-round), with the pampa, the herds and
 * the action fields emptied and every player holding all gauchos, so a test adds exactly what it
 * needs. `rodeo` are the dice in the rodeo. Removed tiles go back into the supply (nothing is lost).
 */
export function table(seats = 3, rodeo: number[] = [], seed = "test"): GauchoState {
  let state = elGaucho.setup(seed, seats);
  // Pre-round through the API: every seat keeps its first option, then places in the first free area.
  for (const p of elGaucho.prompts(state)) state = act(state, p.seat, p.options[0]!).state;
  while (state.phase.kind === "place") state = act(state, state.phase.seat, prompt(state).options[0]!).state;
  // States from the engine are frozen (they share parts with each other); positions are built on a copy.
  state = structuredClone(state);
  for (const row of state.pampa) {
    for (const field of row) {
      if (field.tile) state.supply.unshift(field.tile);
      field.tile = null;
      field.gaucho = null;
    }
  }
  for (const player of state.players) {
    for (const breed of BREEDS) state.supply.unshift(...player.herds[breed]);
    player.herds = emptyHerds();
    for (const area of AREAS) player.areas[area] = false;
    player.gauchos = seats === 4 ? 7 : 8;
  }
  state.prePlaced = [];
  state.active = 0;
  state.round = { number: 1, start: 0, dieless: false };
  state.rodeo = [...rodeo].sort((a, b) => a - b);
  state.turn = newTurn();
  state.phase = { kind: "turn", step: "main" };
  return state;
}

/** Puts tiles on a pasture row from its first field (null leaves a field empty). */
export function setRow(state: GauchoState, row: number, content: (Tile | null)[]): void {
  content.forEach((t, i) => {
    const field = state.pampa[row]![i]!;
    if (t) takeFromSomewhere(state, t);
    field.tile = t;
    field.gaucho = null;
  });
}

/** Moves a tile out of the supply/steppe/discards (so every tile stays in exactly one place). */
export function takeFromSomewhere(state: GauchoState, t: Tile): void {
  for (const pile of [state.supply, state.steppe, state.discarded]) {
    const i = pile.findIndex((x) => x.breed === t.breed && x.value === t.value);
    if (i >= 0) {
      pile.splice(i, 1);
      return;
    }
  }
}

/** Gives a player a herd (tiles taken from the supply). */
export function setHerd(state: GauchoState, seat: Seat, herd: Tile[]): void {
  for (const t of herd) takeFromSomewhere(state, t);
  state.players[seat]!.herds[herd[0]!.breed] = herd;
}

export function putGaucho(state: GauchoState, row: number, field: number, seat: Seat, standing: boolean): void {
  state.pampa[row]![field]!.gaucho = { seat, standing };
  state.players[seat]!.gauchos--;
}

export function putOnArea(state: GauchoState, seat: Seat, area: Area): void {
  state.players[seat]!.areas[area] = true;
  state.players[seat]!.gauchos--;
}

export const { prompt, act, play, errorCode } = gameDriver(elGaucho);
export { eventsOf, type Played } from "@saloon/engine/testing";

/** Whether `action` is among the options the current prompt offers. */
export function offered(state: GauchoState, action: GauchoAction): boolean {
  return errorCode(state, prompt(state).seat, action) === null;
}

/** Ends turns (picking the first dice when needed) until `seat` is to act or the round ends. */
export function passTurn(state: GauchoState): Played<GauchoState> {
  const events: LogEvent[] = [];
  let current = state;
  if (current.turn.dice === null) {
    const p = prompt(current).options.find((o) => o.type === "pick")!;
    const r = act(current, current.active, p);
    current = r.state;
    events.push(...r.events);
  }
  const r = act(current, current.active, { type: "endTurn" });
  events.push(...r.events);
  return { state: r.state, events };
}

/** Every tile of the game, wherever it is (for conservation checks). */
export function tileCount(state: GauchoState): number {
  return (
    state.supply.length +
    state.steppe.length +
    state.discarded.length +
    state.absent.length +
    state.sold.length +
    state.turn.steppeChosen.length +
    state.pampa.flat().filter((f) => f.tile).length +
    state.players.reduce(
      (sum, p) => sum + p.hand.length + (p.kept?.length ?? 0) + p.arriving.length + BREEDS.reduce((s, b) => s + p.herds[b].length, 0),
      0,
    )
  );
}
