/**
 * The options the prompts offer most, each made once, frozen, and handed out again wherever the
 * same option is offered. The engine freezes every prompt it hands out (`deepFreeze`), which
 * stops at an object frozen already, and a bot comparing two prompts' options finds the same
 * object. Freezing each prompt's new option objects was a seventieth of El Paso's simulator (a
 * move's prompt lists every destination, a location's every printed action, each with the worker
 * bonuses), and the bot makes prompts for its trial states too (issue #14). Purchases, train
 * cards, tiles and objectives are still made per prompt. Each object has its keys in the order
 * the prompts wrote them (prompts.test.ts hashes the prompts of many games).
 */
import { type Breed, type CardId, type DiscId, type NodeId, type PostId, type WorkerType, isKind } from "./data.ts";
import type { ElPasoAction } from "./prompts.ts";

export const DONE: ElPasoAction = Object.freeze({ type: "done" });
export const NO_DELIVERY: ElPasoAction = Object.freeze({ type: "noDelivery" });
export const EXCHANGE: ElPasoAction = Object.freeze({ type: "exchange" });
export const AUX_EXCHANGE: ElPasoAction = Object.freeze({ type: "auxExchange" });

/** The option `make(key)` makes, made once per key and frozen: every later call hands out the same object. */
function onePerKey<K extends string | number>(make: (key: K) => ElPasoAction): (key: K) => ElPasoAction {
  const made = Object.create(null) as Record<K, ElPasoAction>;
  return (key) => (made[key] ??= Object.freeze(make(key)));
}

export const moveOption = onePerKey((to: NodeId): ElPasoAction => ({ type: "move", to }));
export const bonusOption = onePerKey((worker: WorkerType): ElPasoAction => ({ type: "bonus", worker }));
export const hireSecondOption = onePerKey((worker: WorkerType): ElPasoAction => ({ type: "hireSecond", worker }));
export const auxOption = onePerKey((aux: number): ElPasoAction => ({ type: "aux", aux }));
export const auxTrashOption = onePerKey((breed: Breed): ElPasoAction => ({ type: "auxTrash", breed }));
export const discardOption = onePerKey((breed: Breed): ElPasoAction => ({ type: "discard", breed }));
/** Printed action `i` of a location (a handful per location). */
export const actOption = onePerKey((i: number): ElPasoAction => ({ type: "act", i }));

export const actBreedOption = (i: number, breed: Breed): ElPasoAction => ((ACT_BREED[i] ??= Object.create(null) as Partial<Record<Breed, ElPasoAction>>)[breed] ??= Object.freeze({ type: "actBreed", i, breed }));
const ACT_BREED: Partial<Record<Breed, ElPasoAction>>[] = [];

export const hireOption = (i: number, worker: WorkerType): ElPasoAction => ((HIRE[i] ??= Object.create(null) as Partial<Record<WorkerType, ElPasoAction>>)[worker] ??= Object.freeze({ type: "hire", i, worker }));
const HIRE: Partial<Record<WorkerType, ElPasoAction>>[] = [];

/**
 * A delivery (7 posts × 7 discs × the certificates spent): the delivery step's prompt lists every
 * post and disc, and the bot makes one for each arrival at El Paso it weighs.
 */
export const deliverOption = (post: PostId, disc: DiscId, spend: number): ElPasoAction => {
  const byDisc = (DELIVER[post] ??= Object.create(null) as Partial<Record<DiscId, ElPasoAction[]>>);
  const bySpend = (byDisc[disc] ??= []);
  return (bySpend[spend] ??= Object.freeze({ type: "deliver", post, disc, spend }));
};
const DELIVER: Partial<Record<PostId, Partial<Record<DiscId, ElPasoAction[]>>>> = Object.create(null);

/** A building of printed action `i` (its type, space and wild workers): a builder's prompt lists every free space for every type. */
export const buildOption = (i: number, building: number, node: NodeId, wild: number): ElPasoAction => {
  const byBuilding = (BUILD[i] ??= []);
  const byNode = (byBuilding[building] ??= Object.create(null) as Partial<Record<NodeId, ElPasoAction[]>>);
  const byWild = (byNode[node] ??= []);
  return (byWild[wild] ??= Object.freeze({ type: "build", i, building, node, wild }));
};
const BUILD: Partial<Record<NodeId, ElPasoAction[]>>[][] = [];

/**
 * Which of the worker bonuses' types the worker area holds (bits BONUS_ENG, BONUS_WLD, BONUS_BLD), the last frozen
 * area's again: a seat's worker area changes only when it hires, and the bot asks for the prompts
 * of its trial states, which share it, thousands of times a turn (issue #14). A list that is not
 * frozen (a draft's, a test's) may change in place: it is looked at afresh.
 */
export function bonusWorkers(workers: readonly CardId[]): number {
  if (workers === lastWorkers) return lastBonusWorkers;
  let kinds = 0;
  for (let i = 0; i < workers.length; i++) {
    const w = workers[i]!;
    if (isKind(w, "ENG")) kinds |= BONUS_ENG;
    else if (isKind(w, "WLD")) kinds |= BONUS_WLD;
    else if (isKind(w, "BLD")) kinds |= BONUS_BLD;
  }
  if (Object.isFrozen(workers)) {
    lastWorkers = workers;
    lastBonusWorkers = kinds;
  }
  return kinds;
}
export const BONUS_ENG = 1;
export const BONUS_WLD = 2;
export const BONUS_BLD = 4;
let lastWorkers: readonly CardId[] | null = null;
let lastBonusWorkers = 0;
