/**
 * Sue, the solo opponent (rulebook "Solo Variant"; shared/data/el-paso.md §11): her state, her
 * setup, her worker counts and what everyone sees of her. Her turn is in sue-turn.ts.
 *
 * She is a real seat (seat 1) in a 2-player game, so every multiplayer rule that concerns other
 * players applies to her unchanged: her buildings block, she takes Simmentals and tiles, she
 * ends the game. Her own pieces live where a player's do: herder, discs, objectives and bonus
 * tiles in her `PlayerState`; her worker cards in its `workers`; her face-up cattle stack in its
 * `discard` (she has no herd deck, so that pile is never drawn from). Scoring therefore counts
 * them like anyone's. What only she has is here: the bot deck, the supply deck, the strategy row.
 */
import { type Seat, deepFreeze, shuffleInPlace } from "@saloon/engine";
import {
  BOT_A_CARDS,
  BOT_B_CARDS,
  type CardId,
  EL_PASO,
  MARKET_BREEDS,
  type PostId,
  SUE_DELIVERIES,
  SUE_START_POST,
  SUE_SUPPLY_CATTLE,
  SUE_SUPPLY_WORKERS,
  SUE_WILD_LIMIT,
  type SpecificWorker,
  WORKER_TYPES,
  isWorkerCard,
  workerOf,
} from "./data.ts";
import type { ElPasoState } from "./state.ts";

export const DIFFICULTIES = [0, 1, 2, 3] as const;
/** How many B-cards join her bot deck. */
export type Difficulty = (typeof DIFFICULTIES)[number];
/** The steps of her turn, one prompt each, so the room paces them and the log tells them one by one. */
export type SueStep = "draw" | "move" | "action" | "elPaso";

/** Sue is always the second seat: "You take the first turn" (E). */
export const SUE_SEAT: Seat = 1;
const SPECIFIC: SpecificWorker[] = ["COW", "ENG", "BLD"];

export interface SueState {
  seat: Seat;
  difficulty: Difficulty;
  /** The strategy row, left to right: every "tie: leftmost" of her rules reads it. */
  strategy: SpecificWorker[];
  /** Hidden: the bot deck, top first. The view shows its size only. */
  deck: string[];
  /** Face up, last card on top. */
  discard: string[];
  /** The card of the turn she is playing, face up; null between her turns. */
  card: string | null;
  /** Hidden: the supply deck, top first. The view shows its size only. */
  supply: CardId[];
  /** Each wild worker she drew and the type it counts as for the rest of the game (E). */
  wildAs: Record<CardId, SpecificWorker>;
  /** Deliveries made so far (her setup disc on post 5 not counted): the index into SUE_DELIVERIES. */
  deliveries: number;
}

export const isSue = (state: Pick<ElPasoState, "sue">, seat: Seat): boolean => state.sue?.seat === seat;

/** The bot deck of a difficulty: every A-card and the first `difficulty` B-cards (RULINGS.sueBCards). */
export const botDeckCards = (difficulty: Difficulty): string[] => [...BOT_A_CARDS, ...BOT_B_CARDS.slice(0, difficulty)];

/**
 * Turns a freshly set-up 2-player game into a solo game (the rulebook's setup list, in order;
 * RULINGS.sueSetup).
 * Seat 1 was dealt like a player; Sue gets none of that: her herd cards leave the game, her
 * starting workers go back to the stacks, and she has no money and no token.
 */
export function seatSue(state: ElPasoState, difficulty: Difficulty): void {
  const p = state.players[SUE_SEAT]!;
  for (const card of p.workers.splice(0).reverse()) state.workerSupply[workerOf(card)].unshift(card);
  p.hand = [];
  p.draw = [];
  p.money = 0;
  p.tokens = 0;
  // "Take 3 non-wild workers, 1 of each type, shuffle them, and place them face up in a row":
  // they are her first workers (RULINGS.sueRowWorkers).
  const strategy = shuffleInPlace(state, [...SPECIFIC]);
  for (const type of strategy) p.workers.push(state.workerSupply[type].shift()!);
  const supply: CardId[] = [];
  for (const type of WORKER_TYPES) supply.push(...state.workerSupply[type].splice(0, SUE_SUPPLY_WORKERS));
  for (const breed of MARKET_BREEDS) supply.push(...state.market[breed].splice(0, SUE_SUPPLY_CATTLE[breed] ?? 0));
  shuffleInPlace(state, supply);
  const deck = shuffleInPlace(state, botDeckCards(difficulty));
  // Her disc on post 5 and her herder in El Paso; no starting objective.
  const disc = p.discs.shift()!;
  state.posts[SUE_START_POST].push({ seat: SUE_SEAT, disc });
  p.herder = EL_PASO;
  if (state.phase.kind === "pickObjective") {
    state.phase.order = state.phase.order.filter((seat) => seat !== SUE_SEAT);
    state.active = state.phase.order[0]!;
  }
  state.sue = { seat: SUE_SEAT, difficulty, strategy, deck, discard: [], card: null, supply, wildAs: {}, deliveries: 0 };
}

/** The type a worker card of hers counts as: its own, or the one a wild was added to (it scores as printed: RULINGS.sueWildScoresAsPrinted). */
export const sueWorkerType = (sue: SueState, card: CardId): SpecificWorker => {
  const type = workerOf(card);
  return type === "WLD" ? sue.wildAs[card]! : type;
};

/** Her workers per type, wilds counted where they were added. */
export function sueWorkerCounts(state: ElPasoState): Record<SpecificWorker, number> {
  const sue = state.sue!;
  const counts: Record<SpecificWorker, number> = { COW: 0, ENG: 0, BLD: 0 };
  for (const card of state.players[sue.seat]!.workers) counts[sueWorkerType(sue, card)]++;
  return counts;
}

/** The type with the highest count among `allowed`, ties to the leftmost in her strategy row. */
export function leftmostMost(sue: SueState, counts: Record<SpecificWorker, number>, allowed: SpecificWorker[] = sue.strategy): SpecificWorker {
  let best: SpecificWorker | null = null;
  // Left to right, replaced only by a strictly higher count: a tie keeps the leftmost.
  for (const type of sue.strategy) if (allowed.includes(type) && (best === null || counts[type] > counts[best])) best = type;
  return best!;
}

/**
 * Where a wild worker she draws goes (E): to the type she has most of, ignoring types with 4 or
 * more, ties to the leftmost. If every type has 4 or more, the leftmost (RULINGS.sueWildAllFull).
 */
export function wildWorkerType(state: ElPasoState): SpecificWorker {
  const sue = state.sue!;
  const counts = sueWorkerCounts(state);
  const open = sue.strategy.filter((type) => counts[type] < SUE_WILD_LIMIT);
  return open.length === 0 ? sue.strategy[0]! : leftmostMost(sue, counts, open);
}

/** The post of her next delivery, or null once her sequence is used up. */
export const sueNextPost = (sue: SueState): PostId | null => SUE_DELIVERIES[sue.deliveries] ?? null;

/** What everyone sees of Sue: her cards face up, her decks as sizes only. */
export interface SueView {
  seat: Seat;
  difficulty: Difficulty;
  strategy: SpecificWorker[];
  /** The bot card of the turn she is playing. */
  card: string | null;
  /** Her face-up bot discards, last on top. */
  discard: string[];
  deckCount: number;
  supplyCount: number;
  /** Her cattle stack, face up, last on top. */
  cattle: CardId[];
  /** Her worker stacks by type, wilds under the type they count as. */
  workers: Record<SpecificWorker, CardId[]>;
  nextPost: PostId | null;
}

/**
 * Sue's view. Her strategy row and bot discards are the state's own lists (a view shares the
 * state's frozen parts), and her cattle and worker stacks are remembered per frozen pile: most
 * actions change none of them, so the next state's view holds the same frozen objects, which the
 * table's projection passes over without reading (apps/server view-units.ts).
 */
export function sueView(state: ElPasoState): SueView | null {
  const sue = state.sue;
  if (!sue) return null;
  const p = state.players[sue.seat]!;
  return {
    seat: sue.seat,
    difficulty: sue.difficulty,
    strategy: sue.strategy,
    card: sue.card,
    discard: sue.discard,
    deckCount: sue.deck.length,
    supplyCount: sue.supply.length,
    cattle: sueCattle(p.discard),
    workers: sueWorkers(sue, p.workers),
    nextPost: sueNextPost(sue),
  };
}

/** Her cattle stack: the cattle of her discard pile, remembered per frozen pile. */
function sueCattle(discard: readonly CardId[]): CardId[] {
  const known = SUE_CATTLE.get(discard);
  if (known) return known;
  const cattle: CardId[] = [];
  for (let i = 0; i < discard.length; i++) if (!isWorkerCard(discard[i]!)) cattle.push(discard[i]!);
  if (Object.isFrozen(discard)) SUE_CATTLE.set(discard, Object.freeze(cattle) as CardId[]);
  return cattle;
}
const SUE_CATTLE = new WeakMap<readonly CardId[], CardId[]>();

/**
 * Her workers by the type they count as, remembered per frozen worker list with the wilds' types
 * it was sorted by (`wildAs`, a new object when she draws a wild, which she then hires).
 */
function sueWorkers(sue: SueState, cards: readonly CardId[]): Record<SpecificWorker, CardId[]> {
  const known = SUE_WORKERS.get(cards);
  if (known?.wildAs === sue.wildAs) return known.workers;
  const workers: Record<SpecificWorker, CardId[]> = { COW: [], ENG: [], BLD: [] };
  for (let i = 0; i < cards.length; i++) workers[sueWorkerType(sue, cards[i]!)].push(cards[i]!);
  if (Object.isFrozen(cards) && Object.isFrozen(sue.wildAs)) SUE_WORKERS.set(cards, { wildAs: sue.wildAs, workers: deepFreeze(workers) });
  return workers;
}
const SUE_WORKERS = new WeakMap<readonly CardId[], { wildAs: SueState["wildAs"]; workers: Record<SpecificWorker, CardId[]> }>();
