import { type RngState, type Seat, seedRng, shuffleInPlace } from "@saloon/engine";
import {
  type ActionSpec,
  BONUS_IDS,
  type BuildingType,
  BUILDING_TILES_PER_TYPE,
  BUILDING_TYPES,
  type CardId,
  DISCS,
  type DiscId,
  DISPLAY_SLOTS,
  FIRST_GAME_NEUTRALS,
  MARKET_BREEDS,
  type MarketBreed,
  NEUTRAL_IDS,
  NEUTRAL_SPACES,
  type NeutralId,
  type NodeId,
  OBJECTIVE_IDS,
  POSTS,
  type PostId,
  SIMMENTAL_BY_PLAYERS,
  STARTING_CAPITAL,
  type Side,
  type SpecificWorker,
  TRAIN_CARDS,
  type TrainSide,
  WORKER_TYPES,
  type WorkerType,
  marketCattleIds,
  playerCattleIds,
  simmentalIds,
  workerIds,
  HAND_SIZE,
} from "./data.ts";
import { type Difficulty, type SueState, type SueStep, seatSue } from "./sue.ts";

export interface ElPasoOptions {
  /** Building types (1–6) whose stack is turned to the b-side. */
  bSides: BuildingType[];
  /** Train cards (1–4) turned to the ★ side. */
  starTrains: number[];
  /** Shuffle the neutral tiles B–G onto the neutral spaces instead of the first-game layout. */
  randomNeutrals: boolean;
  /** Starting objective picks: "printed" (start player first, clockwise) or BGA's "reverse". */
  objectivePicks: "printed" | "reverse";
  /** Show every seat's score so far during the game (BGA's "live scoring"); a display choice, no rule changes. */
  liveScores?: boolean;
  /** The solo variant: seat 0 plays against Sue at seat 1 (only set for solo tables). */
  solo?: true;
  /** Solo only: how many B-cards join Sue's bot deck, 0–3. */
  difficulty?: Difficulty;
}

export const DEFAULT_OPTIONS: ElPasoOptions = { bSides: [], starTrains: [], randomNeutrals: false, objectivePicks: "printed" };

export type BoardTile = { kind: "neutral"; id: NeutralId } | { kind: "building"; tile: string; type: BuildingType; owner: Seat };

export interface PlayerState {
  money: number;
  tokens: number;
  /** Certificates on the track, 0..4. */
  certs: number;
  /** Discs still on the player board. */
  discs: DiscId[];
  hand: CardId[];
  /** Top of the draw pile is index 0. */
  draw: CardId[];
  /** Top of the discard pile is the last element. */
  discard: CardId[];
  /** Worker cards in the worker area. */
  workers: CardId[];
  /** null before the first turn; "SIMM" once placed on the Simmental space. */
  herder: NodeId | "SIMM" | null;
  objectives: string[];
  bonuses: string[];
}

/** One open decision context in the current turn; the top of the stack is asked. */
export type Frame =
  | { kind: "move"; max: number; first: boolean }
  | {
      kind: "actions";
      /** Where the actions come from: a neutral id, a building side ("CB2a"), a train side ("TR4F"), a post or a bonus tile. */
      source: string;
      specs: ActionSpec[];
      used: boolean[];
      /** "full": a neutral or own building, where one auxiliary action may replace the actions. */
      location: "full" | "auxOnly" | null;
    }
  | { kind: "aux"; remaining: number; used: number[] }
  /** Building B: after the first hire, a second worker of another type may be hired. */
  | { kind: "hireSecond"; first: WorkerType }
  | { kind: "exchangeDiscard"; again: number }
  | { kind: "exchangeAgain"; again: number }
  | { kind: "deliver" }
  | { kind: "elPasoFinish"; endsGameForPlayer: boolean }
  /** Sue's turn, played one step per prompt (sue-turn.ts). */
  | { kind: "sue"; step: SueStep };

export type Phase = { kind: "pickObjective"; order: Seat[]; index: number } | { kind: "turn" } | { kind: "over" };

export interface ElPasoState {
  seats: number;
  options: ElPasoOptions;
  rng: RngState;
  phase: Phase;
  active: Seat;
  stack: Frame[];
  players: PlayerState[];
  board: Partial<Record<NodeId, BoardTile>>;
  /** Discs on each trading post, bottom first. */
  posts: Record<PostId, { seat: Seat; disc: DiscId }[]>;
  market: Record<MarketBreed, CardId[]>;
  workerSupply: Record<WorkerType, CardId[]>;
  simmentals: CardId[];
  /** Building tiles still in the display, per type. */
  buildingStacks: Record<string, string[]>;
  buildingSides: Record<string, Side>;
  trainSides: Record<string, TrainSide>;
  objDisplay: (string | null)[];
  bonDisplay: (string | null)[];
  objPile: string[];
  bonPile: string[];
  /** Cattle cards removed from play. */
  box: CardId[];
  end: {
    /** The last Simmental was taken. */
    triggered: boolean;
    /** The player whose herder stands on the Simmental space. */
    simmSeat: Seat | null;
  };
  turnCount: number;
  /** The solo opponent, in solo games only (sue.ts). */
  sue?: SueState;
}

export function setupState(seed: string, seats: number, options: ElPasoOptions): ElPasoState {
  const holder = { rng: seedRng(seed) };
  const board: ElPasoState["board"] = {};
  const neutrals = [...NEUTRAL_IDS];
  if (options.randomNeutrals) shuffleInPlace(holder, neutrals);
  NEUTRAL_SPACES.forEach((node, i) => {
    board[node] = { kind: "neutral", id: options.randomNeutrals ? neutrals[i]! : FIRST_GAME_NEUTRALS[node]! };
  });
  const objPile = shuffleInPlace(holder, [...OBJECTIVE_IDS]);
  const bonPile = shuffleInPlace(holder, [...BONUS_IDS]);
  const objDisplay = objPile.splice(0, DISPLAY_SLOTS);
  const bonDisplay = bonPile.splice(0, DISPLAY_SLOTS);
  const workerSupply = Object.fromEntries(WORKER_TYPES.map((t) => [t, workerIds(t)])) as Record<WorkerType, CardId[]>;
  const players: PlayerState[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const draw = shuffleInPlace(holder, playerCattleIds(seat));
    const hand = draw.splice(0, HAND_SIZE);
    const workers = WORKER_TYPES.map((t) => workerSupply[t].shift()!);
    players.push({
      money: STARTING_CAPITAL[seat]!.money,
      tokens: STARTING_CAPITAL[seat]!.tokens,
      certs: 0,
      discs: [...DISCS],
      hand,
      draw,
      discard: [],
      workers,
      herder: null,
      objectives: [],
      bonuses: [],
    });
  }
  const order = Array.from({ length: seats }, (_, i) => i);
  if (options.objectivePicks === "reverse") order.reverse();
  const state: ElPasoState = {
    seats,
    options,
    rng: holder.rng,
    phase: { kind: "pickObjective", order, index: 0 },
    active: order[0]!,
    stack: [],
    players,
    board,
    posts: Object.fromEntries(POSTS.map((p) => [p, []])) as unknown as ElPasoState["posts"],
    market: Object.fromEntries(MARKET_BREEDS.map((b) => [b, marketCattleIds(b)])) as Record<MarketBreed, CardId[]>,
    workerSupply,
    simmentals: simmentalIds().slice(0, SIMMENTAL_BY_PLAYERS[seats]!),
    buildingStacks: Object.fromEntries(BUILDING_TYPES.map((t) => [String(t), Array.from({ length: BUILDING_TILES_PER_TYPE }, (_, i) => `BT${t}-${i + 1}`)])),
    buildingSides: Object.fromEntries(BUILDING_TYPES.map((t) => [String(t), options.bSides.includes(t) ? "b" : "a"])),
    trainSides: Object.fromEntries(TRAIN_CARDS.map((n) => [String(n), options.starTrains.includes(n) ? "S" : "F"])),
    objDisplay,
    bonDisplay,
    objPile,
    bonPile,
    box: [],
    end: { triggered: false, simmSeat: null },
    turnCount: 0,
  };
  if (options.solo) seatSue(state, options.difficulty ?? 0);
  return state;
}

export const isSpecific = (t: WorkerType): t is SpecificWorker => t !== "WLD";
