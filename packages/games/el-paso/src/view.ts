import { type Seat, deepFreeze } from "@saloon/engine";
import { type Breed, type CardId, type DiscId, type MarketBreed, type NodeId, type WorkerType, breedOf, isWorkerCard, workerOf } from "./data.ts";
import { deliveryBase, handSize, permanentCerts, promptHead, stepLimit } from "./prompts.ts";
import { type ObjectiveResources, type ScoreCategory, playerFigures, scoreTotal } from "./scoring.ts";
import type { ElPasoState, Frame, Phase, PlayerState } from "./state.ts";
import { type SueView, sueView } from "./sue.ts";

/** One player as another seat or a spectator sees them (RULINGS.discardPileVisibility). */
export interface PlayerView {
  money: number;
  tokens: number;
  certs: number;
  permanentCerts: number;
  handSize: number;
  stepLimit: number;
  discs: DiscId[];
  herder: NodeId | "SIMM" | null;
  workers: CardId[];
  objectives: string[];
  /** Each owned objective and whether it counts in the best assignment right now. */
  objectiveStatus: { tile: string; met: boolean }[];
  /**
   * What objectives can draw on now: cattle by breed and workers by type over every pile (the
   * herd's make-up is public: the starting herd and every card gained or removed are announced),
   * builders in own buildings, discs on posts 10 and up. Lets a client show which components
   * meet which objective.
   */
  resources: ObjectiveResources;
  bonuses: string[];
  handCount: number;
  drawCount: number;
  discardCount: number;
  discardTop: CardId | null;
  /** Only in the viewer's own entry. */
  hand?: CardId[];
  /** Only in the viewer's own entry: the whole discard pile. */
  discard?: CardId[];
  /** Only in the viewer's own entry: the breeding value of the hand with permanent certificates. */
  breedingValue?: number;
}

export interface ElPasoView {
  viewer: Seat | null;
  seats: number;
  phase: Phase;
  active: Seat;
  /** The open decision contexts of the turn (they hold no hidden cards). */
  stack: Frame[];
  board: ElPasoState["board"];
  posts: ElPasoState["posts"];
  market: Record<MarketBreed, number>;
  workerSupply: Record<WorkerType, number>;
  simmentals: number;
  buildingStacks: Record<string, number>;
  buildingSides: ElPasoState["buildingSides"];
  trainSides: ElPasoState["trainSides"];
  objDisplay: (string | null)[];
  bonDisplay: (string | null)[];
  objPile: number;
  bonPile: number;
  boxed: CardId[];
  end: ElPasoState["end"];
  players: PlayerView[];
  waitingFor: { seat: Seat; kind: string }[];
  /** Every seat's score so far; empty when the table turned live scores off (option `liveScores: false`). */
  liveScores: { total: number; breakdown: Record<ScoreCategory, number> }[];
  /** The solo opponent, in solo games (null otherwise): her cards face up, her decks as sizes. */
  sue: SueView | null;
}

/**
 * The lengths of a record's lists, remembered per frozen record (the market, the worker supply,
 * the building stacks: most actions change none of them): the views of the next state hold the
 * same frozen object, which the table's projection passes over without reading (table-sync.ts).
 */
function counts<K extends string>(record: Record<K, unknown[]>): Record<K, number> {
  const known = COUNTS.get(record);
  if (known) return known as Record<K, number>;
  const out = {} as Record<K, number>;
  for (const key in record) out[key] = record[key].length;
  if (Object.isFrozen(record)) COUNTS.set(record, Object.freeze(out));
  return out;
}
const COUNTS = new WeakMap<object, Readonly<Record<string, number>>>();

/**
 * \`waitingFor\`, one frozen list per seat and kind, shared by every state and table that waits
 * for the same: the next state's view holds the same object while the same seat decides the same
 * kind of thing, and the projection passes over it (table-sync.ts).
 */
function waitingFor(state: ElPasoState): ElPasoView["waitingFor"] {
  const head = promptHead(state);
  if (!head) return NO_ONE;
  // By seat, then kind: no key text made per state.
  const bySeat = (WAITING[head.seat] ??= new Map());
  let list = bySeat.get(head.kind);
  if (!list) {
    list = deepFreeze([head]);
    bySeat.set(head.kind, list);
  }
  return list;
}
const NO_ONE: ElPasoView["waitingFor"] = Object.freeze([]) as unknown as ElPasoView["waitingFor"];
const WAITING: Map<string, ElPasoView["waitingFor"]>[] = [];

/** The live scores of a table that turned them off: one frozen list, the same in every view. */
const NO_SCORES: ElPasoView["liveScores"] = Object.freeze([]) as unknown as ElPasoView["liveScores"];

/** What every viewer of one state sees alike, computed once per state and frozen (shared by every view of it). */
type SharedView = Omit<ElPasoView, "viewer">;
/**
 * The last state's shared parts: a table builds all its views of one state in a row, so one entry
 * is enough, and unlike a WeakMap of every state it costs the garbage collector nothing.
 */
let last: { state: ElPasoState; shared: SharedView } | null = null;

function sharedView(state: ElPasoState): SharedView {
  if (last?.state === state) return last.shared;
  const entries = playerEntries(state);
  const shared: SharedView = {
    seats: state.seats,
    phase: state.phase,
    active: state.active,
    stack: state.stack,
    board: state.board,
    posts: state.posts,
    market: counts(state.market),
    workerSupply: counts(state.workerSupply),
    simmentals: state.simmentals.length,
    buildingStacks: counts(state.buildingStacks),
    buildingSides: state.buildingSides,
    trainSides: state.trainSides,
    objDisplay: state.objDisplay,
    bonDisplay: state.bonDisplay,
    objPile: state.objPile.length,
    bonPile: state.bonPile.length,
    boxed: state.box,
    end: state.end,
    players: entries.players,
    waitingFor: waitingFor(state),
    liveScores: state.options.liveScores === false ? NO_SCORES : entries.scores,
    sue: sueView(state),
  };
  // Only engine states (frozen all the way down) are remembered, and only what is made from them
  // is frozen: a hand-built position a test changes in place is read again, and left unfrozen.
  // Frozen part by part, not by deepFreeze's walk of the whole record: every other member is a
  // frozen part of the state or kept frozen (counts, waitingFor), and its for…in over the 23 keys
  // was an eighth of the views' time (issue #14).
  if (Object.isFrozen(state)) {
    deepFreeze(shared.players);
    deepFreeze(shared.liveScores);
    deepFreeze(shared.sue);
    last = { state, shared: Object.freeze(shared) };
  }
  return shared;
}

/**
 * Each player's public entry, score so far and own entry, remembered per frozen player entry with
 * the board, posts and seat they were found on (what scoring.ts finds them from): one lookup per
 * player per state. An action changes one player's entry, so the others' come back as the same
 * frozen objects. Kept per objectives list (a player's, until it gains an objective), the last
 * entry's only, like scoring.ts's figures: a weak map keyed by the player entry took a new entry
 * per action, and the garbage collector pays per entry (issue #14).
 */
interface PlayerEntry {
  player: PlayerState;
  board: object;
  posts: object;
  seat: Seat;
  sue: boolean;
  view: PlayerView;
  score: ElPasoView["liveScores"][number];
  /** The seat's own entry, once a seat's view asked for it. */
  own?: PlayerView;
}
const PLAYER_ENTRIES = new WeakMap<readonly string[], PlayerEntry>();

// Index loops over the state's lists below, not map/some/filter: they are frozen, and V8 takes a
// slow path for its array builtins on frozen arrays (several times slower, issue #14).
function playerEntries(state: ElPasoState): { players: PlayerView[]; scores: ElPasoView["liveScores"] } {
  const players: PlayerView[] = [];
  const scores: ElPasoView["liveScores"] = [];
  for (let seat = 0; seat < state.players.length; seat++) {
    const p = state.players[seat]!;
    const sue = state.sue?.seat === seat;
    let entry = PLAYER_ENTRIES.get(p.objectives);
    if (!entry || entry.player !== p || entry.board !== state.board || entry.posts !== state.posts || entry.seat !== seat || entry.sue !== sue) {
      const figures = playerFigures(state, seat);
      // The score entry stays the same object while scoring.ts keeps the breakdown.
      const score = entry?.score.breakdown === figures.breakdown ? entry.score : scoreEntry(figures.breakdown);
      entry = { player: p, board: state.board, posts: state.posts, seat, sue, view: playerView(state, seat, figures), score };
      // Only what is made from a frozen player entry, board and posts (and so frozen itself) is remembered.
      if (Object.isFrozen(entry.view) && Object.isFrozen(entry.score)) PLAYER_ENTRIES.set(p.objectives, entry);
    }
    players.push(entry.view);
    scores.push(entry.score);
  }
  return { players, scores };
}

/** A seat's score so far (frozen when its breakdown is: views share it). */
function scoreEntry(breakdown: Record<ScoreCategory, number>): ElPasoView["liveScores"][number] {
  const entry = { total: scoreTotal(breakdown), breakdown };
  return Object.isFrozen(breakdown) ? Object.freeze(entry) : entry;
}

/** A player's public entry (remembered with its score in playerEntries). */
function playerView(state: ElPasoState, seat: Seat, { best, resources }: ReturnType<typeof playerFigures>): PlayerView {
  const p = state.players[seat]!;
  const view: PlayerView = {
    money: p.money,
    tokens: p.tokens,
    certs: p.certs,
    permanentCerts: permanentCerts(p),
    handSize: handSize(p),
    stepLimit: stepLimit(p),
    discs: p.discs,
    herder: p.herder,
    workers: p.workers,
    objectives: p.objectives,
    objectiveStatus: objectiveStatus(p.objectives, best),
    resources,
    bonuses: p.bonuses,
    handCount: p.hand.length,
    drawCount: p.draw.length,
    discardCount: p.discard.length,
    discardTop: p.discard.length > 0 ? p.discard[p.discard.length - 1]! : null,
  };
  // Only what is made from a frozen player entry is frozen (views share it) and remembered: the
  // entry and its lists, not by deepFreeze's for…in over its 17 keys (most of them numbers).
  if (!Object.isFrozen(best) || !Object.isFrozen(resources)) return view;
  deepFreeze(view.discs);
  deepFreeze(view.workers);
  deepFreeze(view.objectives);
  deepFreeze(view.objectiveStatus);
  deepFreeze(view.bonuses);
  return Object.freeze(view);
}

/**
 * Each owned objective and whether it is met, remembered per frozen best assignment (the same
 * object while the player's objectives and resources stay the same: scoring.ts) and objectives.
 */
function objectiveStatus(objectives: readonly string[], best: { met: readonly string[] }): PlayerView["objectiveStatus"] {
  const known = STATUS.get(best);
  if (known?.objectives === objectives) return known.status;
  const status: PlayerView["objectiveStatus"] = [];
  for (let i = 0; i < objectives.length; i++) status.push({ tile: objectives[i]!, met: best.met.includes(objectives[i]!) });
  if (Object.isFrozen(best) && Object.isFrozen(objectives)) STATUS.set(best, { objectives, status: deepFreeze(status) });
  return status;
}
const STATUS = new WeakMap<object, { objectives: readonly string[]; status: PlayerView["objectiveStatus"] }>();

/**
 * A seat's own entry: its public one with its hand, discard and breeding value. Remembered with
 * the public entry (playerEntries) while the player entry is the same, so a seat's own entry is the same frozen object until its player changes, and the table's
 * projection recognises it instead of writing it out again after every move (table-sync.ts).
 */
function ownEntry(player: PlayerView, own: PlayerState): PlayerView {
  const known = PLAYER_ENTRIES.get(own.objectives);
  const mine = known !== undefined && known.view === player && known.player === own;
  if (mine && known.own) return known.own;
  // A literal, in the public entry's key order, not a spread: spreading a frozen object is many
  // times slower (issue #14).
  const entry: PlayerView = {
    money: player.money,
    tokens: player.tokens,
    certs: player.certs,
    permanentCerts: player.permanentCerts,
    handSize: player.handSize,
    stepLimit: player.stepLimit,
    discs: player.discs,
    herder: player.herder,
    workers: player.workers,
    objectives: player.objectives,
    objectiveStatus: player.objectiveStatus,
    resources: player.resources,
    bonuses: player.bonuses,
    handCount: player.handCount,
    drawCount: player.drawCount,
    discardCount: player.discardCount,
    discardTop: player.discardTop,
    hand: own.hand,
    discard: own.discard,
    breedingValue: deliveryBase(own),
  };
  // Remembered (and frozen) with the public entry it was made from, itself made from a frozen player entry.
  if (mine) known.own = Object.freeze(entry);
  return entry;
}

/** The shared players with the viewer's own entry in its place (a loop: the list is frozen). */
function withOwnEntry(players: readonly PlayerView[], viewer: Seat, own: PlayerState): PlayerView[] {
  const out: PlayerView[] = [];
  for (let seat = 0; seat < players.length; seat++) out.push(seat === viewer ? ownEntry(players[seat]!, own) : players[seat]!);
  return out;
}

/**
 * The view shares the state's objects instead of copying them: engine states are frozen all the
 * way down (defineGame), so no holder of a view can write into the game (fixtures.test.ts tries).
 * Everything but the viewer's own hand and discard is the same for every viewer: it is made once
 * per state (the best objective assignment per player is the costly part), frozen, and shared by
 * the seats' and the spectators' views (a table builds a view per seat and one for spectators
 * after every move: issue #14).
 */
export function viewFor(state: ElPasoState, viewer: Seat | null): ElPasoView {
  const shared = sharedView(state);
  const own = viewer === null ? undefined : state.players[viewer];
  return {
    viewer,
    seats: shared.seats,
    phase: shared.phase,
    active: shared.active,
    stack: shared.stack,
    board: shared.board,
    posts: shared.posts,
    market: shared.market,
    workerSupply: shared.workerSupply,
    simmentals: shared.simmentals,
    buildingStacks: shared.buildingStacks,
    buildingSides: shared.buildingSides,
    trainSides: shared.trainSides,
    objDisplay: shared.objDisplay,
    bonDisplay: shared.bonDisplay,
    objPile: shared.objPile,
    bonPile: shared.bonPile,
    boxed: shared.boxed,
    end: shared.end,
    players: own ? withOwnEntry(shared.players, viewer!, own) : shared.players,
    waitingFor: shared.waitingFor,
    liveScores: shared.liveScores,
    sue: shared.sue,
  } satisfies ElPasoView;
}
