import type { Seat } from "@saloon/engine";
import type { Tile } from "./data.ts";
import { waitingFor } from "./rules/prompts.ts";
import type { GauchoState, PlayerState } from "./state.ts";

export type PlayerView = Omit<PlayerState, "hand" | "kept"> & {
  /** Size of the pre-round hand. */
  handCount: number;
  /** The hand itself: the viewer's own only. */
  hand: Tile[] | null;
  /** Whether the seat has made its pre-round choice. */
  chosen: boolean;
  /** The pre-round choice before the reveal: the viewer's own only. */
  kept: Tile[] | null;
};

/**
 * What a seat or a spectator sees (RULINGS.hiddenInformation). The supply and the steppe are
 * counts; the steppe's tiles appear only to the seat using the steppe, while it chooses and
 * places; hands and pre-round choices only to their owner; the RNG and discarded tiles never.
 */
export type GauchoView = Omit<GauchoState, "rng" | "supply" | "steppe" | "discarded" | "players" | "turn"> & {
  viewer: Seat | null;
  supplyCount: number;
  steppeCount: number;
  /** The steppe's tiles, only for the seat looking at them during the steppe action. */
  steppe: Tile[] | null;
  discardedCount: number;
  players: PlayerView[];
  turn: Omit<GauchoState["turn"], "steppeChosen"> & { steppeChosen: Tile[] | null; steppeChosenCount: number };
  /** Who owes a decision and which kind; the options themselves go only to that seat. */
  waitingFor: { seat: Seat; kind: string }[];
};

export function viewFor(state: GauchoState, viewer: Seat | null): GauchoView {
  // The secret parts are dropped or reduced to counts; the rest is shared, not copied: engine
  // states are frozen all the way down (defineGame), so no holder of a view can write into the
  // game (fixtures.test.ts tries). Every part is named, not spread: spreading a frozen object and
  // adding keys cost V8 ~25 µs a view (two thirds of the simulator's view time, issue #14), and
  // the view's type makes a new state key fail to compile until it is sorted in here or hidden.
  const looking = viewer !== null && viewer === state.active && state.phase.kind === "turn" && state.phase.step !== "main";
  return {
    seats: state.seats,
    pampa: state.pampa,
    absent: state.absent,
    sold: state.sold,
    prePlaced: state.prePlaced,
    round: state.round,
    active: state.active,
    rodeo: state.rodeo,
    phase: state.phase,
    endPhase: state.endPhase,
    homeQueue: state.homeQueue,
    viewer,
    supplyCount: state.supply.length,
    steppeCount: state.steppe.length,
    steppe: looking && state.phase.kind === "turn" && state.phase.step === "steppeChoose" ? state.steppe : null,
    discardedCount: state.discarded.length,
    players: state.players.map((player, seat) => playerView(player, viewer === seat)),
    turn: looking ? turnView(state.turn, true) : publicTurn(state.turn),
    waitingFor: sharedWaitingFor(state),
  };
}

/*
 * The parts every viewer sees alike are made once and frozen, and shared by the views of every
 * seat and the spectators and, while the state's part stays the same object, by the next states'
 * views: the table's projection recognises a frozen part it saw before by identity and writes
 * it out only when it is new (apps/server table-sync.ts; issue #14). Only what is made from
 * frozen (engine) state parts is remembered: a test's hand-built position is read again.
 */
const playerViews = new WeakMap<PlayerState, { public: PlayerView; own?: PlayerView }>();

function playerView(player: PlayerState, own: boolean): PlayerView {
  const known = playerViews.get(player);
  const view = own ? known?.own : known?.public;
  if (view) return view;
  const made: PlayerView = {
    pesos: player.pesos,
    earnings: player.earnings,
    gauchos: player.gauchos,
    areas: player.areas,
    herds: player.herds,
    arriving: player.arriving,
    handCount: player.hand.length,
    hand: own ? player.hand : null,
    chosen: player.kept !== null,
    kept: own ? player.kept : null,
  };
  if (!Object.isFrozen(player)) return made;
  Object.freeze(made);
  playerViews.set(player, own ? { public: known?.public ?? playerView(player, false), own: made } : { ...known, public: made });
  return made;
}

const publicTurns = new WeakMap<GauchoState["turn"], GauchoView["turn"]>();

function publicTurn(turn: GauchoState["turn"]): GauchoView["turn"] {
  const known = publicTurns.get(turn);
  if (known) return known;
  const made = turnView(turn, false);
  if (Object.isFrozen(turn)) publicTurns.set(turn, Object.freeze(made));
  return made;
}

function turnView(turn: GauchoState["turn"], looking: boolean): GauchoView["turn"] {
  return {
    dice: turn.dice,
    wish: turn.wish,
    touched: turn.touched,
    steppeChosen: looking ? turn.steppeChosen : null,
    steppeChosenCount: turn.steppeChosen.length,
  };
}

/** The last state's `waitingFor`: a table builds every viewer's view of one state in a row. */
let lastWaiting: { state: GauchoState; waitingFor: GauchoView["waitingFor"] } | null = null;

function sharedWaitingFor(state: GauchoState): GauchoView["waitingFor"] {
  if (lastWaiting?.state === state) return lastWaiting.waitingFor;
  const list = waitingFor(state);
  if (!Object.isFrozen(state)) return list;
  for (const entry of list) Object.freeze(entry);
  lastWaiting = { state, waitingFor: Object.freeze(list) as GauchoView["waitingFor"] };
  return lastWaiting.waitingFor;
}
