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
  // game (fixtures.test.ts tries).
  const { rng: _rng, supply, steppe, discarded, players, turn, ...visible } = state;
  const looking = viewer !== null && viewer === state.active && state.phase.kind === "turn" && state.phase.step !== "main";
  return {
    ...visible,
    viewer,
    supplyCount: supply.length,
    steppeCount: steppe.length,
    steppe: looking && state.phase.kind === "turn" && state.phase.step === "steppeChoose" ? steppe : null,
    discardedCount: discarded.length,
    players: players.map((player, seat) => {
      const { hand, kept, ...rest } = player;
      const own = viewer === seat;
      return { ...rest, handCount: hand.length, hand: own ? hand : null, chosen: kept !== null, kept: own ? kept : null };
    }),
    turn: {
      dice: turn.dice,
      wish: turn.wish,
      touched: turn.touched,
      steppeChosen: looking ? turn.steppeChosen : null,
      steppeChosenCount: turn.steppeChosen.length,
    },
    waitingFor: waitingFor(state),
  };
}
