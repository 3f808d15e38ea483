import { type RngState, type Seat, rollInt, seedRng, shuffleInPlace, writable } from "@saloon/engine";
import { AREAS, type Area, BREEDS, type Breed, GAUCHOS, HAND_SIZE, STEPPE_SIZE, type Tile, allTiles, pastureSizes } from "./data.ts";
import { fillPampa } from "./rules/pampa.ts";

/** A gaucho on a pasture tile: standing (it will take the tile home) or lying (a reservation). */
export interface PlacedGaucho {
  seat: Seat;
  standing: boolean;
}

/** One field of a pasture: it may hold a tile, and a tile may hold one gaucho. */
export interface PampaField {
  tile: Tile | null;
  gaucho: PlacedGaucho | null;
}

export type EarningCategory = "sales" | "finalSales" | "bonus" | "compensation";

export interface PlayerState {
  pesos: number;
  /** Pesos by where they came from; the categories add up to `pesos`. */
  earnings: Record<EarningCategory, number>;
  /** Gauchos in the player's own supply. */
  gauchos: number;
  /** True where the player's gaucho stands on the area's own-colour field. */
  areas: Record<Area, boolean>;
  /** The display: one row per breed, left to right; each row is one open herd (RULINGS.herdsAreRuns). */
  herds: Record<Breed, Tile[]>;
  /** Pre-round hand (secret). */
  hand: Tile[];
  /** Pre-round choice, in laying order (secret until every seat has chosen). */
  kept: Tile[] | null;
  /** Tiles coming home right now, still to be laid (public: they come off the pampa face up). */
  arriving: Tile[];
}

/** The end of the game (RULINGS.endOfGame): set when the supply runs out, advanced at each round end. */
export type EndPhase = null | "supplyOut" | "fullRound" | "dielessRound";

export type Phase =
  | { kind: "choose" } // every seat picks its kept tiles at the same time
  | { kind: "place"; seat: Seat } // pre-round: one gaucho each onto an action field
  | { kind: "turn"; step: "main" | "steppeChoose" | "steppePlace" }
  | { kind: "home"; seat: Seat; final: boolean } // cattle come home; `seat` lays its arrivals
  | { kind: "over" };

export interface TurnState {
  /** The chosen dice still unused; null until the two dice are taken (always [] in the dieless round). */
  dice: number[] | null;
  /** Wish dice available (0 or 1). */
  wish: number;
  /** Areas placed on or taken from this turn (RULINGS.areaOncePerTurn). */
  touched: Area[];
  /** Steppe tiles chosen and not yet placed (secret until placed). */
  steppeChosen: Tile[];
}

export interface GauchoState {
  seats: number;
  rng: RngState;
  /** Face-down supply; the next tile drawn is the last element (secret). */
  supply: Tile[];
  /** Face-down steppe stack (secret). */
  steppe: Tile[];
  /** Pastures, bottom (smallest) row first; only the fields in play at this player count. */
  pampa: PampaField[][];
  /** Tiles out of the game face down: unkept pre-round tiles (secret, counted). */
  discarded: Tile[];
  /** The 2-player game's breed that left the game (public). */
  absent: Tile[];
  /** Sold tiles, out of the game (public). */
  sold: Tile[];
  players: PlayerState[];
  /** Areas taken in the pre-round placement (at most one gaucho per area). */
  prePlaced: Area[];
  round: { number: number; start: Seat; dieless: boolean };
  active: Seat;
  /** Dice values still in the rodeo, ascending. */
  rodeo: number[];
  turn: TurnState;
  phase: Phase;
  endPhase: EndPhase;
  /** Seats still to lay their arrivals in the current drive-home, in order. */
  homeQueue: Seat[];
}

export const emptyHerds = (): Record<Breed, Tile[]> => Object.fromEntries(BREEDS.map((b) => [b, []])) as unknown as Record<Breed, Tile[]>;
export const noAreas = (): Record<Area, boolean> => Object.fromEntries(AREAS.map((a) => [a, false])) as Record<Area, boolean>;
export const newTurn = (): TurnState => ({ dice: null, wish: 0, touched: [], steppeChosen: [] });

// ---- Writing into the state ---------------------------------------------------------------------
// `perform` gets a shallow copy of the state (thaw); everything below its top is still the frozen
// object of the state before. The rules write through these, which copy an object on the way down
// the first time an action writes to it: an action copies only what it changes (issue #14).

/** A shallow copy of the state for `perform` (GameRules.thaw). */
export const thaw = (state: GauchoState): GauchoState => ({ ...state });
export const playerOf = (state: GauchoState, seat: Seat): PlayerState => writable(writable(state, "players"), seat);
export const herdOf = (state: GauchoState, seat: Seat, breed: Breed): Tile[] => writable(writable(playerOf(state, seat), "herds"), breed);
export const turnOf = (state: GauchoState): TurnState => writable(state, "turn");
export const fieldOf = (state: Pick<GauchoState, "pampa">, row: number, field: number): PampaField =>
  writable(writable(writable(state, "pampa"), row), field);

export function setupState(seed: string, seats: number): GauchoState {
  const holder = { rng: seedRng(seed) };
  let tiles = allTiles();
  let absent: Tile[] = [];
  if (seats === 2) {
    // RULINGS.twoPlayerBreed: one whole breed leaves the game.
    const breed = BREEDS[rollInt(holder, 0, BREEDS.length - 1)]!;
    absent = tiles.filter((t) => t.breed === breed);
    tiles = tiles.filter((t) => t.breed !== breed);
  }
  shuffleInPlace(holder, tiles);
  const state: GauchoState = {
    seats,
    rng: holder.rng,
    supply: tiles,
    steppe: [],
    pampa: pastureSizes(seats).map((size) => Array.from({ length: size }, () => ({ tile: null, gaucho: null }))),
    discarded: [],
    absent,
    sold: [],
    players: Array.from({ length: seats }, () => ({
      pesos: 0,
      earnings: { sales: 0, finalSales: 0, bonus: 0, compensation: 0 },
      gauchos: GAUCHOS[seats]!,
      areas: noAreas(),
      herds: emptyHerds(),
      hand: [],
      kept: null,
      arriving: [],
    })),
    prePlaced: [],
    round: { number: 0, start: 0, dieless: false },
    active: 0,
    rodeo: [],
    turn: newTurn(),
    phase: { kind: "choose" },
    endPhase: null,
    homeQueue: [],
  };
  // Setup: the pampa row by row from the smallest pasture, then 4 tiles to the steppe; the rest is the supply.
  fillPampa(state);
  state.steppe = state.supply.splice(state.supply.length - STEPPE_SIZE, STEPPE_SIZE);
  // Pre-round: every player gets a secret hand from the supply.
  for (const player of state.players) player.hand = state.supply.splice(state.supply.length - HAND_SIZE[seats]!, HAND_SIZE[seats]!);
  return state;
}
