/**
 * What the bot believes the table to be: a full rules state rebuilt from its own view only, so
 * that it can try its options with the real rules (`perform`). What the view hides is filled
 * with stand-ins:
 *   - its own draw pile becomes placeholder cards; its composition (known: owned minus what is
 *     in sight) is kept beside the state, so the hand drawn at the end of a trial turn is judged
 *     by expectation, not by an invented order;
 *   - other players' hands, draw and discard piles become placeholders of the right size;
 *   - supplies, the Simmental stack and the building stacks become anonymous cards and tiles of
 *     the right counts; the face-down tile piles hold the tiles nobody can see, in an arbitrary
 *     order.
 * A belief is good for trying the bot's own turn, nothing further: placeholders never reach a
 * delivery because a trial turn ends at the draw phase and trials never exchange.
 */
import { type Seat, seedRng } from "@saloon/engine";
import { BONUS_IDS, BREEDS, type Breed, type CardId, OBJECTIVE_IDS, type WorkerType, breedOf, isWorkerCard, workerOf } from "../data.ts";
import { DEFAULT_OPTIONS, type ElPasoState, type PlayerState } from "../state.ts";
import type { ElPasoView } from "../view.ts";

/** A placeholder card: a Criollo by its id's breed (so the rules never trip on it), flagged by "?". */
export const PLACEHOLDER = "C-CRI-?";
export const isPlaceholder = (card: CardId): boolean => card === PLACEHOLDER;

export interface Belief {
  seat: Seat;
  state: ElPasoState;
  /** The bot's draw pile by breed and worker type (what it owns minus hand, discard and worker area). */
  drawCattle: Partial<Record<Breed, number>>;
  /** The same by breed index (`BREEDS` order), for the evaluation's arrays. */
  drawCattleByIndex: number[];
  drawWorkers: Record<WorkerType, number>;
}

const OWN_PLACEHOLDERS = 12;
const anonymous = (prefix: string, n: number): string[] => Array.from({ length: n }, () => prefix);
const placeholders = (n: number): CardId[] => anonymous(PLACEHOLDER, n);

export function beliefFromView(view: ElPasoView, seat: Seat): Belief {
  const me = view.players[seat]!;
  const drawCattle: Partial<Record<Breed, number>> = { ...me.resources.cattle };
  const drawWorkers: Record<WorkerType, number> = { ...me.resources.workers };
  for (const card of [...(me.hand ?? []), ...(me.discard ?? []), ...me.workers]) {
    if (isWorkerCard(card)) drawWorkers[workerOf(card)]--;
    else drawCattle[breedOf(card)] = (drawCattle[breedOf(card)] ?? 0) - 1;
  }
  const players: PlayerState[] = view.players.map((p, s) => ({
    money: p.money,
    tokens: p.tokens,
    certs: p.certs,
    discs: [...p.discs],
    hand: s === seat ? [...p.hand!] : placeholders(p.handCount),
    // Placeholders stand in for the bot's own draw pile too, enough that a trial turn's draw
    // phase never reshuffles the discard pile.
    draw: placeholders(s === seat ? OWN_PLACEHOLDERS : p.drawCount),
    discard: s === seat ? [...p.discard!] : placeholders(p.discardCount),
    workers: [...p.workers],
    herder: p.herder,
    objectives: [...p.objectives],
    bonuses: [...p.bonuses],
  }));
  const seen = new Set([...view.objDisplay, ...view.bonDisplay, ...view.players.flatMap((p) => [...p.objectives, ...p.bonuses])]);
  const state: ElPasoState = {
    seats: view.seats,
    options: DEFAULT_OPTIONS,
    rng: seedRng(`belief:${seat}`),
    phase: structuredClone(view.phase),
    active: view.active,
    stack: structuredClone(view.stack),
    players,
    board: { ...view.board },
    posts: Object.fromEntries(Object.entries(view.posts).map(([post, discs]) => [post, discs.map((d) => ({ ...d }))])) as ElPasoState["posts"],
    market: Object.fromEntries(Object.entries(view.market).map(([breed, n]) => [breed, anonymous(`C-${breed}-m`, n)])) as ElPasoState["market"],
    workerSupply: Object.fromEntries(Object.entries(view.workerSupply).map(([type, n]) => [type, anonymous(`W-${type}-s`, n)])) as ElPasoState["workerSupply"],
    simmentals: anonymous("C-SIM-s", view.simmentals),
    buildingStacks: Object.fromEntries(Object.entries(view.buildingStacks).map(([type, n]) => [type, anonymous(`BT${type}-s`, n)])),
    buildingSides: { ...view.buildingSides },
    trainSides: { ...view.trainSides },
    objDisplay: [...view.objDisplay],
    bonDisplay: [...view.bonDisplay],
    objPile: OBJECTIVE_IDS.filter((t) => !seen.has(t)).slice(0, view.objPile),
    bonPile: BONUS_IDS.filter((t) => !seen.has(t)).slice(0, view.bonPile),
    box: [...view.boxed],
    end: { ...view.end },
    turnCount: 0,
  };
  return { seat, state, drawCattle, drawCattleByIndex: BREEDS.map((b) => Math.max(0, drawCattle[b] ?? 0)), drawWorkers };
}

/** A copy of a record of lists (a plain loop: Object.entries/fromEntries cost a quarter of the bot's time). */
function copyLists<T extends Record<string, unknown[]>>(record: T): T {
  const out: Record<string, unknown[]> = {};
  for (const key in record) out[key] = record[key]!.slice();
  return out as T;
}

/** A copy of a state for one trial (a JSON round trip costs about 5× as much, measured). */
export function cloneState(s: ElPasoState): ElPasoState {
  return {
    ...s,
    rng: s.rng.slice(),
    phase: s.phase.kind === "pickObjective" ? { ...s.phase, order: s.phase.order.slice() } : s.phase,
    stack: s.stack.map((f) => (f.kind === "actions" || f.kind === "aux" ? { ...f, used: f.used.slice() } : { ...f })) as ElPasoState["stack"],
    players: s.players.map((p) => ({
      ...p,
      discs: p.discs.slice(),
      hand: p.hand.slice(),
      draw: p.draw.slice(),
      discard: p.discard.slice(),
      workers: p.workers.slice(),
      objectives: p.objectives.slice(),
      bonuses: p.bonuses.slice(),
    })),
    board: { ...s.board },
    posts: copyLists(s.posts),
    market: copyLists(s.market),
    workerSupply: copyLists(s.workerSupply),
    simmentals: s.simmentals.slice(),
    buildingStacks: copyLists(s.buildingStacks),
    objDisplay: s.objDisplay.slice(),
    bonDisplay: s.bonDisplay.slice(),
    objPile: s.objPile.slice(),
    bonPile: s.bonPile.slice(),
    box: s.box.slice(),
    end: { ...s.end },
  };
}
