/** Herds: runs of one breed laid left to right, and their sale (ABWICKLUNG DES VERKAUFS). */
import { type LogEvent, type Seat, writable } from "@saloon/engine";
import { type Breed, type Tile } from "../data.ts";
import { type EarningCategory, type GauchoState, herdOf, playerOf } from "../state.ts";

/** Strictly ascending or strictly descending (RULINGS.herdsAreRuns); 0 or 1 tiles always are. */
export function isRun(values: readonly number[]): boolean {
  if (values.length <= 2) return values.length < 2 || values[0] !== values[1];
  const up = values[1]! > values[0]!;
  return values.every((v, i) => i === 0 || (up ? v > values[i - 1]! : v < values[i - 1]!));
}

/**
 * Whether `value` may be laid to the right of the herd without closing it: `isRun` of the herd's
 * values and `value`, read in place (the bot asks this for every tile of every plan: issue #14).
 */
export function fitsAtEnd(herd: readonly Tile[], value: number): boolean {
  if (herd.length === 0) return true;
  if (herd.length === 1) return herd[0]!.value !== value;
  const up = herd[1]!.value > herd[0]!.value;
  for (let i = 1; i <= herd.length; i++) {
    const previous = herd[i - 1]!.value;
    const next = i === herd.length ? value : herd[i]!.value;
    if (up ? !(next > previous) : !(next < previous)) return false;
  }
  return true;
}

/** The herd's highest value, 0 for an empty herd. */
function highestValue(herd: readonly Tile[]): number {
  // An index loop, not for-of: the bot prices herds for every tile it weighs, and the profile
  // showed an iterator result per tile here (where the caller ran unoptimized).
  let highest = 0;
  for (let i = 0; i < herd.length; i++) if (herd[i]!.value > highest) highest = herd[i]!.value;
  return highest;
}

/** What a herd sells for: count × the highest value. */
export const herdPrice = (herd: readonly Tile[]): number => herd.length * highestValue(herd);

/** What the herd would sell for with a tile of `value` added, without building that herd (for the bot). */
export const herdPriceWith = (herd: readonly Tile[], value: number): number => (herd.length + 1) * Math.max(highestValue(herd), value);

/** Positions (0 = front) where the stable may put `value` inside the herd keeping it a run (RULINGS.stableFits). */
export function sortInPositions(herd: readonly Tile[], value: number): number[] {
  const values = herd.map((t) => t.value);
  const positions: number[] = [];
  for (let p = 0; p < herd.length; p++) {
    if (isRun([...values.slice(0, p), value, ...values.slice(p)])) positions.push(p);
  }
  return positions;
}

export function earn(state: GauchoState, seat: Seat, category: EarningCategory, pesos: number): void {
  const player = playerOf(state, seat);
  player.pesos += pesos;
  writable(player, "earnings")[category] += pesos;
}

/** Sells a whole herd: the tiles leave the game, the owner earns count × highest value (+ a bonus). */
export function sellHerd(
  state: GauchoState,
  seat: Seat,
  breed: Breed,
  reason: "closed" | "instant" | "final",
  events: LogEvent[],
): void {
  const herd = state.players[seat]!.herds[breed];
  if (herd.length === 0) return;
  const price = herdPrice(herd);
  earn(state, seat, reason === "final" ? "finalSales" : "sales", price);
  writable(state, "sold").push(...herd);
  writable(playerOf(state, seat), "herds")[breed] = [];
  events.push({ type: "sold", seat, breed, values: herd.map((t) => t.value), price, reason });
}

/** Lays a tile at the right end of its herd; a tile that does not fit closes and sells the herd before it. */
export function layAtEnd(state: GauchoState, seat: Seat, tile: Tile, events: LogEvent[]): void {
  const herd = state.players[seat]!.herds[tile.breed];
  if (!fitsAtEnd(herd, tile.value)) sellHerd(state, seat, tile.breed, "closed", events);
  herdOf(state, seat, tile.breed).push(tile);
  events.push({ type: "laid", seat, breed: tile.breed, value: tile.value });
}
