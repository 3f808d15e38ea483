import type { Seat } from "@saloon/engine";
import { currentPrompt } from "./rules.ts";
import { scoreBreakdown } from "./scoring.ts";
import type { FistfulState } from "./state.ts";

/**
 * What a seat or a spectator sees. In this game everything is public except the RNG, which
 * decides every draw and die roll: the bag is shown by counts only (it has no order to hide),
 * and the RNG state is dropped. Seats and spectators therefore receive the same projection.
 */
export type FistfulView = Omit<FistfulState, "rng"> & {
  viewer: Seat | null;
  /** Who owes a decision and which kind; the options themselves go only to that seat. */
  waitingFor: { seat: Seat; kind: string }[];
  /** The score so far, per seat, with its breakdown. */
  liveScores: { total: number; breakdown: Record<string, number> }[];
};

/**
 * The view shares the state's objects instead of copying them: engine states are frozen all the
 * way down (defineGame), so no holder of a view can write into the game (fixtures.test.ts tries).
 */
export function viewFor(state: FistfulState, viewer: Seat | null): FistfulView {
  const { rng: _secret, ...visible } = state;
  const prompt = currentPrompt(state);
  return {
    ...visible,
    viewer,
    waitingFor: prompt ? [{ seat: prompt.seat, kind: prompt.kind }] : [],
    liveScores: state.players.map((_, seat) => {
      const breakdown = scoreBreakdown(state, seat);
      return { total: breakdown.gold + breakdown.bars + breakdown.signs, breakdown };
    }),
  };
}
