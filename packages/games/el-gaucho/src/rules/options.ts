/**
 * Enumerating what a seat may do: the ways dice make a value, the die actions on the pampa and
 * the action areas, the pre-round choices. Pure functions of public facts, so the bot can ask
 * "what could I do with these dice?" from its own view.
 */
import type { Seat } from "@saloon/engine";
import { AREAS, AREA_VALUES, type Area, BREEDS, KEEP_LIMITS, type Tile, smallNumber } from "../data.ts";
import type { PampaField } from "../state.ts";

export type DiceUse = { dice: number[]; wish: boolean };

export type DieAction =
  | { type: "stand"; row: number; field: number; dice: number[]; wish: boolean }
  | { type: "lay"; row: number; field: number; dice: number[]; wish: boolean }
  | { type: "raise"; row: number; field: number; dice: number[]; wish: boolean }
  | { type: "occupy"; area: Area; dice: number[]; wish: boolean };

/**
 * Every way to make exactly `value` with the unused dice: one die or the sum of two, and with a
 * wish die also the wish die alone or with one or two real dice (RULINGS.wishDie). Ways using the
 * same die values are listed once.
 */
export function waysToMake(value: number, dice: readonly number[], wish: number): DiceUse[] {
  // Plain loops, no closures, and an array only for a way that is kept: the prompts of every turn
  // and every plan the bot weighs ask this many times over (issue #14).
  const ways: DiceUse[] = [];
  addWays(ways, value, wish, 0, 0, 0);
  for (let i = 0; i < dice.length; i++) {
    addWays(ways, value, wish, 1, dice[i]!, 0);
    for (let j = i + 1; j < dice.length; j++) addWays(ways, value, wish, 2, Math.min(dice[i]!, dice[j]!), Math.max(dice[i]!, dice[j]!));
  }
  return ways;
}

/**
 * Adds the ways `count` dice (none, `low`, or `low` and `high`, smaller first) make `value`:
 * alone, and with the wish die making up the rest.
 */
function addWays(ways: DiceUse[], value: number, wish: number, count: 0 | 1 | 2, low: number, high: number): void {
  const sum = count === 0 ? 0 : count === 1 ? low : low + high;
  if (count > 0 && sum === value && !hasWay(ways, false, count, low, high)) ways.push({ dice: diceOf(count, low, high), wish: false });
  if (wish > 0 && value - sum >= 1 && value - sum <= 6 && !hasWay(ways, true, count, low, high)) ways.push({ dice: diceOf(count, low, high), wish: true });
}

const diceOf = (count: 0 | 1 | 2, low: number, high: number): number[] => (count === 0 ? [] : count === 1 ? [low] : [low, high]);

/** Whether `ways` has a way with these die values (see `addWays`) and wish die or not. */
function hasWay(ways: readonly DiceUse[], wish: boolean, count: number, low: number, high: number): boolean {
  for (let w = 0; w < ways.length; w++) {
    const way = ways[w]!;
    const dice = way.dice;
    if (way.wish === wish && dice.length === count && (count === 0 || (dice[0] === low && (count === 1 || dice[1] === high)))) return true;
  }
  return false;
}

/** Adds `way` unless a way with the same die values (and wish die or not) is there already. */
function addWay(ways: DiceUse[], way: DiceUse): void {
  for (let w = 0; w < ways.length; w++) if (ways[w]!.wish === way.wish && sameDice(ways[w]!.dice, way.dice)) return;
  ways.push(way);
}

function sameDice(a: readonly number[], b: readonly number[]): boolean {
  // A loop, not `every` with a closure: asked for every way of every action area of every plan.
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface Actor {
  seat: Seat;
  gauchos: number;
  areas: Record<Area, boolean>;
  touched: readonly Area[];
}

/** The die actions open to `actor` with these dice: stand, lay, raise on the pampa, occupy an action field. */
export function dieActions(pampa: readonly (readonly PampaField[])[], actor: Actor, dice: readonly number[], wish: number): DieAction[] {
  const actions: DieAction[] = [];
  visitDieActions(pampa, actor, new DiceWays(dice, wish), {
    onField: (type, row, field, use) => actions.push({ type, row, field, dice: use.dice, wish: use.wish }),
    onArea: (area, use) => actions.push({ type: "occupy", area, dice: use.dice, wish: use.wish }),
  });
  return actions;
}

/** Receives the die actions `visitDieActions` finds, one call per action, without an object per action. */
export interface DieActionVisitor {
  onField(type: "stand" | "lay" | "raise", row: number, field: number, use: DiceUse): void;
  onArea(area: Area, use: DiceUse): void;
}

/**
 * Hands every die action `dieActions` lists to `visitor`, in the same order. The bot weighs the
 * die actions of every pair of dice it could pick and reads only their targets, dice and worths:
 * an object per action made most of its garbage.
 */
export function visitDieActions(pampa: readonly (readonly PampaField[])[], actor: Actor, ways: DiceWays, visitor: DieActionVisitor): void {
  const hasGaucho = actor.gauchos > 0;
  // Index loops, not for-of, over the ways: an unoptimized for-of makes an iterator result per step.
  for (let r = 0; r < pampa.length; r++) {
    const row = pampa[r]!;
    for (let i = 0; i < row.length; i++) {
      const f = row[i]!;
      if (!f.tile) continue;
      const large = f.tile.value;
      const small = smallNumber(large);
      if (!f.gaucho && hasGaucho) {
        const stand = ways.toMake(large);
        for (let w = 0; w < stand.length; w++) visitor.onField("stand", r, i, stand[w]!);
        const lay = ways.toMake(small);
        for (let w = 0; w < lay.length; w++) visitor.onField("lay", r, i, lay[w]!);
      }
      if (f.gaucho && f.gaucho.seat === actor.seat && !f.gaucho.standing) {
        const raise = ways.toMake(small);
        for (let w = 0; w < raise.length; w++) visitor.onField("raise", r, i, raise[w]!);
      }
    }
  }
  if (hasGaucho) {
    for (let a = 0; a < AREAS.length; a++) {
      const area = AREAS[a]!;
      if (actor.areas[area] || actor.touched.includes(area)) continue; // RULINGS.areaOncePerTurn
      const offered = ways.toOccupy(a);
      for (let w = 0; w < offered.length; w++) visitor.onArea(area, offered[w]!);
    }
  }
}

/**
 * The ways one hand of dice and wish dice make each value (`waysToMake`) and occupy each action
 * area, each found when first asked: many fields and areas ask for the same values. Never changed
 * once found, so a caller weighing the same hand again may keep it.
 */
export class DiceWays {
  private readonly byValue: (DiceUse[] | undefined)[] = [];
  private readonly byArea: (DiceUse[] | undefined)[] = [];

  constructor(
    private readonly dice: readonly number[],
    private readonly wish: number,
  ) {}

  toMake(value: number): readonly DiceUse[] {
    return (this.byValue[value] ??= waysToMake(value, this.dice, this.wish));
  }

  /** The ways to occupy the area AREAS[`areaIndex`]: every way to make one of its values, each once. */
  toOccupy(areaIndex: number): readonly DiceUse[] {
    let offered = this.byArea[areaIndex];
    if (!offered) {
      offered = [];
      const values = AREA_VALUES[AREAS[areaIndex]!];
      for (let v = 0; v < values.length; v++) {
        // A wish die alone makes 1, 2 and 3 the same way: each way once.
        const made = this.toMake(values[v]!);
        for (let w = 0; w < made.length; w++) addWay(offered, made[w]!);
      }
      this.byArea[areaIndex] = offered;
    }
    return offered;
  }
}

/** The distinct pairs of dice values that can be taken from the rodeo, smaller die first, in ascending order. */
export function dicePairs(rodeo: readonly number[]): number[][] {
  // From the values sorted once, each smaller value from its first die and each larger value from
  // its first die after that: no pair per two dice to sort and filter (every turn's prompt starts here).
  const values = rodeo.slice().sort((a, b) => a - b);
  const pairs: number[][] = [];
  for (let i = 0; i < values.length; i++) {
    if (i > 0 && values[i] === values[i - 1]) continue;
    for (let j = i + 1; j < values.length; j++) {
      if (j > i + 1 && values[j] === values[j - 1]) continue;
      pairs.push([values[i]!, values[j]!]);
    }
  }
  return pairs;
}

/**
 * Pre-round choices from a hand: 1 tile, or 2 each ≤ 8, or 3 each ≤ 4, in laying order. Tiles of
 * one breed are offered as an ascending and as a descending run (RULINGS.keptTilesOrder).
 */
export function keepChoices(hand: readonly Tile[]): Tile[][] {
  // Built by recursion into one reused combination, with no filtered copies, closures or partial
  // variants: the prompts of the pre-round are asked after every action while seats choose.
  const choices: Tile[][] = [];
  const combination: Tile[] = [];
  for (const { count, max } of KEEP_LIMITS) addCombinations(choices, hand, max, count, 0, combination);
  return choices;
}

/** Adds the choices from every way to complete `combination` to `count` tiles of `hand` (each ≤ `max`) from index `from` on, in index order. */
function addCombinations(choices: Tile[][], hand: readonly Tile[], max: number, count: number, from: number, combination: Tile[]): void {
  if (combination.length === count) {
    addLayingOrders(choices, combination);
    return;
  }
  for (let i = from; i < hand.length; i++) {
    if (hand[i]!.value > max) continue;
    combination.push(hand[i]!);
    addCombinations(choices, hand, max, count, i + 1, combination);
    combination.pop();
  }
}

/**
 * Adds the laying orders of one combination: its breeds in BREEDS order, each breed's tiles
 * ascending and, with more than one, descending; the first breed's order varies slowest.
 */
function addLayingOrders(choices: Tile[][], combination: readonly Tile[]): void {
  const runs: Tile[][] = [];
  for (const breed of BREEDS) {
    const run: Tile[] = [];
    for (const tile of combination) if (tile.breed === breed) run.push(tile);
    if (run.length > 0) runs.push(run.sort((a, b) => a.value - b.value));
  }
  addRunOrders(choices, runs, 0, []);
}

function addRunOrders(choices: Tile[][], runs: readonly Tile[][], next: number, laid: Tile[]): void {
  if (next === runs.length) {
    choices.push(laid);
    return;
  }
  const run = runs[next]!;
  addRunOrders(choices, runs, next + 1, [...laid, ...run]);
  if (run.length > 1) addRunOrders(choices, runs, next + 1, [...laid, ...run.slice().reverse()]);
}
