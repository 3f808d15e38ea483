/**
 * Every component of Great Western Trail: El Paso as typed data, transcribed from
 * shared/data/el-paso.md (section numbers below are that file's). Values the file marks R
 * (our reconstruction) live here and nowhere else; each is tagged `// R`. Replacing an R value
 * with the printed one needs no code change.
 *
 * Calibration (issue #12): R values changed from the data file carry a `CALIBRATED` comment with
 * the old value and the reason; CALIBRATION.md sums them up with the figures before and after.
 */

// ---------------------------------------------------------------- §0 vocabulary

export const BREEDS = ["CRI", "PIN", "GAL", "SGE", "ANG", "COR", "SHO", "HER", "SIM"] as const;
export type Breed = (typeof BREEDS)[number];
export const MARKET_BREEDS = ["ANG", "COR", "SHO", "HER"] as const;
export type MarketBreed = (typeof MARKET_BREEDS)[number];

export const WORKER_TYPES = ["COW", "ENG", "BLD", "WLD"] as const;
export type WorkerType = (typeof WORKER_TYPES)[number];
export type SpecificWorker = Exclude<WorkerType, "WLD">;

/** Which cattle card an action accepts: a breed, any card, or any card of breeding value 2. */
export type CattleSel = "ANY" | "BV:2" | `BREED:${Breed}`;
export type TileKind = "OBJ" | "BON" | "ANY";

/** One action as printed on a tile, card, post or bonus tile (§0.2, the 13 types). */
export type ActionSpec =
  | { t: "DISCARD_CATTLE"; sel: CattleSel; gain: number | "2xBV" }
  | { t: "GAIN_MONEY"; n: number }
  | { t: "GAIN_CERT"; n: number }
  | { t: "GAIN_TOKEN"; cost: number }
  | { t: "HIRE"; mode: "ONE_OR_TWO" }
  | { t: "HIRE"; mode: "FIXED"; specific: number; wild: number }
  | { t: "BUY_CATTLE" }
  | { t: "TRAIN" }
  | { t: "GAIN_TILE"; kind: TileKind; cost: number }
  | { t: "BUILD" }
  | { t: "AUX"; n: number }
  | { t: "MOVE"; max: number }
  | { t: "GAIN_CATTLE"; breed: MarketBreed; cost: number }
  | { t: "REMOVE_CATTLE"; sel: CattleSel };

export const ACTION_SPEC_TYPES = [
  "DISCARD_CATTLE",
  "GAIN_MONEY",
  "GAIN_CERT",
  "GAIN_TOKEN",
  "HIRE",
  "BUY_CATTLE",
  "TRAIN",
  "GAIN_TILE",
  "BUILD",
  "AUX",
  "MOVE",
  "GAIN_CATTLE",
  "REMOVE_CATTLE",
] as const satisfies readonly ActionSpec["t"][];

const discard = (sel: CattleSel, gain: number | "2xBV"): ActionSpec => ({ t: "DISCARD_CATTLE", sel, gain });
const money = (n: number): ActionSpec => ({ t: "GAIN_MONEY", n });
const cert = (n: number): ActionSpec => ({ t: "GAIN_CERT", n });
const token = (cost: number): ActionSpec => ({ t: "GAIN_TOKEN", cost });
const hireFixed = (specific: number, wild: number): ActionSpec => ({ t: "HIRE", mode: "FIXED", specific, wild });
const tile = (kind: TileKind, cost: number): ActionSpec => ({ t: "GAIN_TILE", kind, cost });
const aux = (n: number): ActionSpec => ({ t: "AUX", n });
const move = (max: number): ActionSpec => ({ t: "MOVE", max });
const cattle = (breed: MarketBreed, cost: number): ActionSpec => ({ t: "GAIN_CATTLE", breed, cost });
const remove = (sel: CattleSel): ActionSpec => ({ t: "REMOVE_CATTLE", sel });

// ---------------------------------------------------------------- §6 cattle

export interface BreedData {
  bv: number;
  vp: number;
}
export const BREED_DATA: Record<Breed, BreedData> = {
  CRI: { bv: 1, vp: 0 }, // bv R
  PIN: { bv: 2, vp: 0 }, // bv R
  GAL: { bv: 2, vp: 0 }, // bv R (ruling A3)
  SGE: { bv: 2, vp: 0 },
  ANG: { bv: 3, vp: 1 }, // vp R
  COR: { bv: 3, vp: 2 }, // vp R
  SHO: { bv: 4, vp: 3 }, // bv/vp R
  HER: { bv: 5, vp: 4 }, // bv/vp R
  SIM: { bv: 2, vp: 2 }, // bv/vp R
};
/** The starting herd deck of each player. */
export const STARTING_HERD: Partial<Record<Breed, number>> = { CRI: 4, PIN: 2, GAL: 2, SGE: 2 };
export const MARKET_COUNTS: Record<MarketBreed, number> = { ANG: 8, COR: 10, SHO: 8, HER: 6 };
/** Cowboys to discard to buy a market card (each also costs $2). */
export const MARKET_COWBOYS: Record<MarketBreed, number> = { ANG: 1, COR: 2, SHO: 3, HER: 4 };
export const DOLLARS_PER_WORKER = 2;
export const SIMMENTAL_TOTAL = 19;
export const SIMMENTAL_BY_PLAYERS: Record<number, number> = { 2: 9, 3: 14, 4: 19 };
export const SIMMENTAL_SPACE_VP = 2;

// ---------------------------------------------------------------- §7 workers

export const WORKERS_PER_TYPE = 12;
export const WORKER_VP: Record<WorkerType, number> = { COW: 2, ENG: 2, BLD: 2, WLD: 3 }; // R split
export const WILD_SURCHARGE = 4;
/** Worker bonuses: an engineer gives $1, a wild $2, a builder turns $2 into a certificate. */
export const ENGINEER_BONUS = 1;
export const WILD_BONUS = 2;
export const BUILDER_BONUS_COST = 2;
/** Hiring at B: one worker $5, two different workers $13 (wild +$4 each). */
export const HIRE_ONE_PRICE = 5;
export const HIRE_TWO_PRICE = 13;

// ---------------------------------------------------------------- §1 trail

export const NODES = ["T00", "T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08", "T09", "T10", "T11", "T12", "T13", "T14", "T15"] as const;
export type NodeId = (typeof NODES)[number];
export const EL_PASO: NodeId = "T00";
/**
 * Successors in trail order; at a fork the first is the inner branch. (R)
 * CALIBRATED: all six neutral tiles on the main line (El Paso → B → C → fork → D → E → F →
 * fork → G → El Paso), each fork only over building spaces (inner 1, outer 2). Was: C and G on
 * fork branches opposite empty shortcuts, so a lap could skip them (5 locations at the start):
 * bots reached El Paso every 2.9 turns and played about 15 turns. A lap now passes 7 locations.
 */
export const SUCCESSORS: Record<NodeId, NodeId[]> = {
  T00: ["T01"],
  T01: ["T02"],
  T02: ["T03"],
  T03: ["T04"],
  T04: ["T05", "T06"],
  T05: ["T08"],
  T06: ["T07"],
  T07: ["T08"],
  T08: ["T09"],
  T09: ["T10"],
  T10: ["T11"],
  T11: ["T12", "T13"],
  T12: ["T15"],
  T13: ["T14"],
  T14: ["T15"],
  T15: ["T00"],
};
/**
 * Empty building spaces and what placing a building there costs. (R)
 * CALIBRATED: the same prices ($0 ×3, $1 ×2, $2 ×2, $3, $4) on the new spaces, the cheapest on the
 * main line (T01 $0, T03 $1, T09 $0), where a building costs every herder a step, the dearer ones
 * on the fork branches, which others can go round (T05 $2 | T06 $1, T07 $3; T12 $2 | T13 $4, T14 $0).
 * Cheap main-line spaces made laps longer as the trail fills up: 16.5 turns a player at 2 players
 * and 17.0 at 4, against 15.6 and 15.9 with the dear spaces on the main line (120/80 games).
 * Was: T01 $1, T03 $0, T05 $0, T06 $2, T07 $1, T09 $3, T12 $2, T14 $0, T15 $4.
 */
export const SPACE_COST: Partial<Record<NodeId, number>> = { T01: 0, T03: 1, T05: 2, T06: 1, T07: 3, T09: 0, T12: 2, T13: 4, T14: 0 };
export const BUILDING_SPACES = Object.keys(SPACE_COST) as NodeId[];
/** R. CALIBRATED: G on T15, the last location before El Paso, instead of T13 on a fork branch (see SUCCESSORS). */
export const NEUTRAL_SPACES: NodeId[] = ["T02", "T04", "T08", "T10", "T11", "T15"];
export const NEUTRAL_IDS = ["N_B", "N_C", "N_D", "N_E", "N_F", "N_G"] as const;
export type NeutralId = (typeof NEUTRAL_IDS)[number];
export const FIRST_GAME_NEUTRALS: Record<string, NeutralId> = { T02: "N_B", T04: "N_C", T08: "N_D", T10: "N_E", T11: "N_F", T15: "N_G" }; // R (CALIBRATED: G on T15)

// ---------------------------------------------------------------- §2 neutral buildings

export const EL_PASO_MONEY = 5;
export const NEUTRAL_ACTIONS: Record<NeutralId, ActionSpec[]> = {
  N_B: [{ t: "HIRE", mode: "ONE_OR_TWO" }, discard("BREED:GAL", 2)],
  N_C: [cert(2), token(1)], // R
  N_D: [{ t: "BUY_CATTLE" }, discard("BREED:PIN", 2)], // breed R
  N_E: [{ t: "BUILD" }, discard("BREED:SGE", 2)], // breed R
  N_F: [{ t: "TRAIN" }, token(0)], // second action R
  N_G: [aux(2), money(2)], // R
};

// ---------------------------------------------------------------- §3 common buildings

export const BUILDING_TYPES = [1, 2, 3, 4, 5, 6] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];
export type Side = "a" | "b";
export const BUILDING_TILES_PER_TYPE = 2;
export const MAX_BUILDINGS = 2;
/**
 * Builders needed = the type number; dollars = 2 per builder. VP per type (R).
 * CALIBRATED 1/3/4/5/6/8 → 2/4/5/7/8/10: with the dearer posts below, bots owned 0.9 buildings
 * each and buildings made 3.5 points of 57; now 1.5 buildings and 6.4 points (2 players).
 */
export const BUILDING_VP: Record<BuildingType, number> = { 1: 2, 2: 4, 3: 5, 4: 7, 5: 8, 6: 10 };
export const BUILDING_ACTIONS: Record<`${BuildingType}${Side}`, ActionSpec[]> = {
  "1a": [remove("BREED:CRI"), money(2)], // R
  "1b": [discard("BREED:CRI", 2), aux(1)], // R
  // R. CALIBRATED: a breeding-value-2 card now pays $3, was $5. With $5 from 6 of the 10
  // starting cards and every Simmental, 2a decided the game: both copies went to seats 0 and 1 on
  // their first turn in every game, and those two seats won 76 % of 4-player games between them
  // (CALIBRATION.md). The publisher's correction of 2a is not public; $3 is what 3b pays for any card.
  "2a": [discard("BV:2", 3), move(1)],
  // R. CALIBRATED: a hire away from building B costs nothing but the wild worker's +$4 (BGA's
  // help: "You must pay $5 and $8 only on building B"). Was FIXED(5, 9).
  "2b": [hireFixed(0, 4), token(0)],
  "3a": [{ t: "BUY_CATTLE" }, cert(1)], // R
  "3b": [tile("BON", 2), discard("ANY", 3)], // R
  "4a": [{ t: "TRAIN" }, money(2)], // R
  "4b": [discard("ANY", "2xBV"), cert(1)], // R
  "5a": [cattle("ANG", 0), move(2)], // R
  "5b": [aux(2), remove("ANY"), cert(1)], // R
  "6a": [cattle("SHO", 2), cert(2)], // R
  "6b": [tile("ANY", 0), hireFixed(0, 4)], // R
};

// ---------------------------------------------------------------- §4 trading posts

export const POSTS = ["P00", "P05", "P07", "P09", "P10", "P12", "P16"] as const;
export type PostId = (typeof POSTS)[number];
export interface PostData {
  min: number;
  multi: boolean;
  dark: boolean;
  vp: number;
  reward: ActionSpec | null;
}
export const POST_DATA: Record<PostId, PostData> = {
  P00: { min: 0, multi: true, dark: false, vp: 0, reward: null }, // reward R
  P05: { min: 5, multi: false, dark: false, vp: 0, reward: money(2) }, // reward R
  P07: { min: 7, multi: false, dark: false, vp: 0, reward: tile("OBJ", 0) }, // reward R
  P09: { min: 9, multi: false, dark: false, vp: 0, reward: hireFixed(0, 4) },
  // vp, reward R. CALIBRATED vp 2/3/5 → 4/5/7 for posts 10/12/16: delivering far should be a
  // main way to score, as in the original game; with 2/3/5 the posts made 3 of about 52 points and
  // the mean winning score stayed near 55. Now posts make about 10 points, winners score 60–66.
  P10: { min: 10, multi: false, dark: true, vp: 4, reward: cert(2) },
  P12: { min: 12, multi: true, dark: true, vp: 5, reward: hireFixed(0, 4) },
  P16: { min: 16, multi: true, dark: true, vp: 7, reward: tile("OBJ", 0) },
};

// ---------------------------------------------------------------- §5 player board

export const DISCS = ["D1", "D2", "D3", "D4", "D5", "D6", "D7"] as const;
export type DiscId = (typeof DISCS)[number];
export interface DiscData {
  dark: boolean;
  /** Money gained (positive) or paid (negative) when the disc is placed. */
  money: number;
}
export const DISC_DATA: Record<DiscId, DiscData> = {
  D1: { dark: false, money: 0 }, // money R
  D2: { dark: false, money: 0 }, // money R
  D3: { dark: false, money: 0 }, // money R
  D4: { dark: false, money: -3 },
  D5: { dark: true, money: 1 },
  D6: { dark: true, money: -4 },
  D7: { dark: true, money: 2 },
};
export const MAX_CERTIFICATES = 4;
export const HAND_SIZE = 4;
export const HAND_SIZE_UPGRADED = 5; // D6 cleared
export const STEP_LIMIT = 3;
export const STEP_LIMIT_UPGRADED = 4; // D7 cleared
export const AUX1_MONEY = 1;
export const AUX1_MONEY_UPGRADED = 3; // D1 cleared

// ---------------------------------------------------------------- setup (player setup 14)

export const STARTING_CAPITAL: { money: number; tokens: number }[] = [
  { money: 4, tokens: 1 },
  { money: 5, tokens: 1 },
  { money: 4, tokens: 2 },
  { money: 5, tokens: 2 },
];
export const DISPLAY_SLOTS = 3;
/** Final scoring: 1 VP per $5. */
export const DOLLARS_PER_VP = 5;

// ---------------------------------------------------------------- §8 train cards

export const TRAIN_CARDS = [1, 2, 3, 4] as const;
export type TrainCard = (typeof TRAIN_CARDS)[number];
export type TrainSide = "F" | "S";
export const TRAIN_ACTIONS: Record<`${TrainCard}${TrainSide}`, ActionSpec[]> = {
  "1F": [hireFixed(0, 4), token(0)], // R
  "1S": [hireFixed(0, 4), remove("BREED:CRI")], // R
  "2F": [cattle("COR", 0), cert(1)], // R
  "2S": [cattle("COR", 0), money(2)], // R
  "3F": [tile("ANY", 0), cert(2), token(0)], // R
  "3S": [tile("ANY", 0), hireFixed(0, 4), money(1)], // R
  "4F": [cert(3), tile("ANY", 0), move(2)],
  "4S": [tile("ANY", 0), cattle("COR", 0), hireFixed(0, 4)], // R
};

// ---------------------------------------------------------------- §9 objective tiles (all R)

export type Requirement =
  | `CATTLE:${Breed}`
  | `WORKER:${WorkerType}`
  | `BUILDERS:${number}`
  | "DISC:>=10"
  | "DISC:16";
export interface ObjectiveData {
  req: Requirement[];
  vp: number;
}
const times = <T>(n: number, x: T): T[] => Array<T>(n).fill(x);
export const OBJECTIVES: Record<string, ObjectiveData> = {
  OB01: { req: ["CATTLE:ANG", "CATTLE:COR"], vp: 3 },
  OB02: { req: ["CATTLE:COR", "CATTLE:COR"], vp: 3 },
  OB03: { req: ["CATTLE:SIM", "CATTLE:SIM", "CATTLE:ANG"], vp: 3 },
  OB04: { req: [...times(2, "WORKER:COW" as const), "CATTLE:ANG"], vp: 3 },
  OB05: { req: [...times(2, "WORKER:ENG" as const), "DISC:>=10"], vp: 3 },
  OB06: { req: [...times(2, "WORKER:BLD" as const), "BUILDERS:3"], vp: 3 },
  OB07: { req: ["BUILDERS:4"], vp: 2 },
  OB08: { req: ["CATTLE:SHO", "CATTLE:COR"], vp: 4 },
  OB09: { req: [...times(3, "WORKER:COW" as const), "CATTLE:COR"], vp: 4 },
  OB10: { req: [...times(3, "WORKER:ENG" as const), "CATTLE:SIM"], vp: 4 },
  OB11: { req: ["BUILDERS:6"], vp: 4 },
  OB12: { req: ["DISC:>=10", "DISC:>=10"], vp: 4 },
  OB13: { req: ["WORKER:WLD", "WORKER:WLD", "WORKER:BLD"], vp: 4 },
  OB14: { req: ["BUILDERS:5", "CATTLE:ANG"], vp: 4 },
  OB15: { req: ["CATTLE:HER", "CATTLE:SHO"], vp: 5 },
  OB16: { req: ["CATTLE:HER", ...times(2, "WORKER:COW" as const)], vp: 5 },
  OB17: { req: ["DISC:16"], vp: 5 },
  OB18: { req: ["BUILDERS:8", "DISC:>=10"], vp: 6 },
  OB19: { req: ["CATTLE:ANG", "CATTLE:COR", "CATTLE:SHO", "CATTLE:SIM"], vp: 5 },
  OB20: { req: [...times(2, "WORKER:COW" as const), ...times(2, "WORKER:ENG" as const), ...times(2, "WORKER:BLD" as const)], vp: 5 },
};
export const OBJECTIVE_IDS = Object.keys(OBJECTIVES);

// ---------------------------------------------------------------- §10 bonus tiles (all R but the two permanent effects)

export type BonusData =
  | { kind: "permanent"; effect: "PERM_CERT" | "COUNT_DUPLICATE"; vp: number }
  | { kind: "oneTime"; actions: ActionSpec[]; vp: number }
  | { kind: "vpOnly"; vp: number };
export const BONUSES: Record<string, BonusData> = {
  BO01: { kind: "permanent", effect: "PERM_CERT", vp: 1 },
  BO02: { kind: "permanent", effect: "PERM_CERT", vp: 1 },
  BO03: { kind: "permanent", effect: "PERM_CERT", vp: 2 },
  BO04: { kind: "permanent", effect: "COUNT_DUPLICATE", vp: 1 },
  BO05: { kind: "permanent", effect: "COUNT_DUPLICATE", vp: 2 },
  BO06: { kind: "oneTime", actions: [money(5)], vp: 1 },
  BO07: { kind: "oneTime", actions: [money(3)], vp: 2 },
  BO08: { kind: "oneTime", actions: [cert(2)], vp: 1 },
  BO09: { kind: "oneTime", actions: [cert(3)], vp: 0 },
  BO10: { kind: "oneTime", actions: [token(0), token(0)], vp: 1 },
  BO11: { kind: "oneTime", actions: [hireFixed(0, 4)], vp: 1 },
  BO12: { kind: "oneTime", actions: [cattle("COR", 0)], vp: 1 },
  BO13: { kind: "oneTime", actions: [cattle("ANG", 0)], vp: 2 },
  BO14: { kind: "oneTime", actions: [remove("ANY")], vp: 2 },
  BO15: { kind: "oneTime", actions: [aux(2)], vp: 1 },
  BO16: { kind: "oneTime", actions: [move(2)], vp: 1 },
  BO17: { kind: "oneTime", actions: [discard("ANY", "2xBV")], vp: 1 },
  BO18: { kind: "oneTime", actions: [cattle("SHO", 2)], vp: 2 },
  BO19: { kind: "vpOnly", vp: 4 },
  BO20: { kind: "oneTime", actions: [tile("OBJ", 0)], vp: 1 },
};
export const BONUS_IDS = Object.keys(BONUSES);

// ---------------------------------------------------------------- §11 solo: Sue's bot cards and fixed numbers (her rules: sue.ts, sue-turn.ts)

export type BotMovement = number | "COW" | "ENG" | "BLD";
export type BotAction = { t: "SUPPLY_DRAW"; n: number } | { t: "BOT_MARKET" } | { t: "BOT_TRAIN" } | { t: "BOT_BUILD" } | { t: "BOT_CHOICE3" };
export const BOT_CARDS: Record<string, { set: "A" | "B"; movement: BotMovement; action: BotAction }> = {
  A1: { set: "A", movement: 1, action: { t: "SUPPLY_DRAW", n: 2 } },
  A2: { set: "A", movement: 2, action: { t: "SUPPLY_DRAW", n: 1 } },
  A3: { set: "A", movement: 3, action: { t: "SUPPLY_DRAW", n: 1 } },
  A4: { set: "A", movement: "COW", action: { t: "BOT_MARKET" } },
  A5: { set: "A", movement: "ENG", action: { t: "BOT_TRAIN" } },
  A6: { set: "A", movement: "BLD", action: { t: "BOT_BUILD" } },
  A7: { set: "A", movement: 2, action: { t: "BOT_CHOICE3" } },
  A8: { set: "A", movement: 2, action: { t: "BOT_MARKET" } },
  // The B-cards are recalibrated (R): each must make Sue stronger (rulebook: "each B-card
  // increases the difficulty"), and the data file's B1 (3 steps, best of three) and B3 (4 steps,
  // train) did not once the Simmental clock ends the game: a faster Sue takes Simmentals sooner
  // and shortens her own game, and her market, train, build and choice actions are worth less
  // than her average A-card. Measured with `pnpm sim el-paso --players 1 --games 1000` (Sue's
  // mean score, difficulty 0 → 3): data file 77.6, 76.0, 81.0, 80.6; these cards 77.6, 82.2,
  // 85.0, 86.5. Only a 2-card supply draw adds more than the deck's average, so every B-card is
  // one, at three paces.
  // CALIBRATED (issue #13, CALIBRATION.md "Solo"): B3 was 1 step. With her row workers counted,
  // two extra supply cards nearly empty her 18-card supply, so a third slow draw card added
  // nothing measurable (difficulty 2 → 3: 94.1 → 94.7 ±0.8, 500 games); as a market, train or
  // slower card she scored less than at difficulty 2. At 4 steps (the data file's pace) it brings
  // her to El Paso more often (4.8 deliveries a game, not 4.4), and deliveries keep paying once
  // her supply is spent: 97.0 ±0.7.
  B1: { set: "B", movement: 3, action: { t: "SUPPLY_DRAW", n: 2 } }, // R, was 3 steps + BOT_CHOICE3
  B2: { set: "B", movement: 2, action: { t: "SUPPLY_DRAW", n: 2 } },
  B3: { set: "B", movement: 4, action: { t: "SUPPLY_DRAW", n: 2 } }, // R, was 4 steps + BOT_TRAIN; CALIBRATED #13: 1 → 4 steps
};
/** The B-cards in the order difficulty adds them: difficulty n plays with B1..Bn (RULINGS.sueBCards). */
export const BOT_B_CARDS = ["B1", "B2", "B3"] as const;
export const BOT_A_CARDS = Object.keys(BOT_CARDS).filter((id) => BOT_CARDS[id]!.set === "A");
/** Sue's supply deck (E): 3 cards of each worker type, 3 Black Angus and 3 Corriente. */
export const SUE_SUPPLY_WORKERS = 3;
export const SUE_SUPPLY_CATTLE: Partial<Record<MarketBreed, number>> = { ANG: 3, COR: 3 };
/** Sue's first disc goes on post 5 at setup (E). */
export const SUE_START_POST: PostId = "P05";
/** Her deliveries after that: 7 first, then the next higher post each time (E), staying on 16 at the top (ruling A11). */
export const SUE_DELIVERIES: PostId[] = ["P07", "P09", "P10", "P12", "P16", "P16"];
/** Her market card by cowboys (E): 1 Black Angus, 2 Corriente, 3 Shorthorn, 4 or more Hereford. */
export const SUE_MARKET_BY_COWBOYS: MarketBreed[] = ["ANG", "COR", "SHO", "HER"];
/** A wild worker she draws joins a type with fewer than this many workers (E: "ignore any worker type with 4 or more"). */
export const SUE_WILD_LIMIT = 4;

// ---------------------------------------------------------------- card ids (§6, §7)

/** Cattle cards are `C-<breed>-…`, worker cards `W-<type>-…`. */
export type CardId = string;
export const isWorkerCard = (card: CardId): boolean => card.startsWith("W-");
export const breedOf = (card: CardId): Breed => card.slice(2, 5) as Breed;
export const workerOf = (card: CardId): WorkerType => card.slice(2, 5) as WorkerType;
/**
 * Whether a card's breed or worker type (`breedOf`, `workerOf`: the id's three letters after the
 * prefix) is `kind`, read off the id without cutting a new string out of it: the rules and
 * prompts ask this of every worker at every prompt and every card searched (issue #14).
 */
export const isKind = (card: CardId, kind: Breed | WorkerType): boolean =>
  card.length >= 5 && card.charCodeAt(2) === kind.charCodeAt(0) && card.charCodeAt(3) === kind.charCodeAt(1) && card.charCodeAt(4) === kind.charCodeAt(2);
const pad = (n: number) => String(n).padStart(2, "0");
/**
 * The card ids of a new game, each list made once and handed out as a new copy (the caller
 * shuffles and deals from it): every game's setup wrote the same few hundred ids again, a
 * hundredth of the simulator's time, and the ids being the same strings from game to game, the
 * maps keyed by card id (the view's and the bot's kind lookups) find them by their kept hash.
 */
function listOnce<K extends string | number>(make: (key: K) => CardId[]): (key: K) => CardId[] {
  const made = new Map<K, readonly CardId[]>();
  return (key) => {
    let list = made.get(key);
    if (list === undefined) made.set(key, (list = Object.freeze(make(key))));
    return [...list];
  };
}
export const playerCattleIds: (seat: number) => CardId[] = listOnce((seat: number) =>
  (Object.entries(STARTING_HERD) as [Breed, number][]).flatMap(([breed, n]) => Array.from({ length: n }, (_, i) => `C-${breed}-${seat}-${i + 1}`)),
);
export const marketCattleIds: (breed: MarketBreed) => CardId[] = listOnce((breed: MarketBreed) => Array.from({ length: MARKET_COUNTS[breed] }, (_, i) => `C-${breed}-${pad(i + 1)}`));
const simmentals = listOnce(() => Array.from({ length: SIMMENTAL_TOTAL }, (_, i) => `C-SIM-${pad(i + 1)}`));
export const simmentalIds = (): CardId[] => simmentals(0);
export const workerIds: (type: WorkerType) => CardId[] = listOnce((type: WorkerType) => Array.from({ length: WORKERS_PER_TYPE }, (_, i) => `W-${type}-${pad(i + 1)}`));
