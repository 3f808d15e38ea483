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
import type { Breed, DiscId, NodeId, PostId, WorkerType } from "./data.ts";
import type { ElPasoAction } from "./prompts.ts";

export const DONE: ElPasoAction = Object.freeze({ type: "done" });
export const NO_DELIVERY: ElPasoAction = Object.freeze({ type: "noDelivery" });
export const EXCHANGE: ElPasoAction = Object.freeze({ type: "exchange" });
export const AUX_EXCHANGE: ElPasoAction = Object.freeze({ type: "auxExchange" });

export const moveOption = (to: NodeId): ElPasoAction => (MOVES[to] ??= Object.freeze({ type: "move", to }));
const MOVES: Partial<Record<NodeId, ElPasoAction>> = Object.create(null);

export const bonusOption = (worker: WorkerType): ElPasoAction => (BONUS[worker] ??= Object.freeze({ type: "bonus", worker }));
const BONUS: Partial<Record<WorkerType, ElPasoAction>> = Object.create(null);

export const hireSecondOption = (worker: WorkerType): ElPasoAction => (HIRE_SECOND[worker] ??= Object.freeze({ type: "hireSecond", worker }));
const HIRE_SECOND: Partial<Record<WorkerType, ElPasoAction>> = Object.create(null);

export const auxOption = (aux: number): ElPasoAction => (AUX[aux] ??= Object.freeze({ type: "aux", aux }));
const AUX: ElPasoAction[] = [];

export const auxTrashOption = (breed: Breed): ElPasoAction => (AUX_TRASH[breed] ??= Object.freeze({ type: "auxTrash", breed }));
const AUX_TRASH: Partial<Record<Breed, ElPasoAction>> = Object.create(null);

export const discardOption = (breed: Breed): ElPasoAction => (DISCARD[breed] ??= Object.freeze({ type: "discard", breed }));
const DISCARD: Partial<Record<Breed, ElPasoAction>> = Object.create(null);

/** Printed action `i` of a location (a handful per location). */
export const actOption = (i: number): ElPasoAction => (ACT[i] ??= Object.freeze({ type: "act", i }));
const ACT: ElPasoAction[] = [];

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
