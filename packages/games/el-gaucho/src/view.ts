import type { Seat } from "@saloon/engine";
import type { Tile } from "./data.ts";
import { waitingFor } from "./rules/index.ts";
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
    turn: {
      dice: state.turn.dice,
      wish: state.turn.wish,
      touched: state.turn.touched,
      steppeChosen: looking ? state.turn.steppeChosen : null,
      steppeChosenCount: state.turn.steppeChosen.length,
    },
    waitingFor: waitingFor(state),
  };
}

function playerView(player: PlayerState, own: boolean): PlayerView {
  return {
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
}
