/**
 * Figures per player of a finished game, for the simulator's calibration report (`pnpm sim
 * el-paso`): how long games run, how often players deliver and where, and what they build,
 * hire and buy. The final scores say what was earned; these say how.
 */
import type { LogEvent } from "@saloon/engine";
import { bestObjectives } from "./scoring.ts";
import type { ElPasoState } from "./state.ts";

const DARK_POSTS = new Set(["P10", "P12", "P16"]);

export function simulationStats(state: ElPasoState, events: readonly LogEvent[]): Record<string, number>[] {
  const stats = state.players.map((p, seat) => ({
    turns: 0,
    deliveries: 0,
    darkPostDeliveries: 0,
    post16Deliveries: 0,
    objectivesHeld: p.objectives.length,
    objectivesMet: bestObjectives(state, seat).met.length,
    buildingsOwned: Object.values(state.board).filter((t) => t.kind === "building" && t.owner === seat).length,
    buildsAndUpgrades: 0,
    hires: 0,
    cattleBought: 0,
    trainRides: 0,
  }));
  for (const event of events) {
    const s = typeof event.seat === "number" ? stats[event.seat] : undefined;
    if (!s) continue;
    switch (event.type) {
      case "turn":
        s.turns++;
        break;
      case "delivered":
        s.deliveries++;
        if (DARK_POSTS.has(event.post as string)) s.darkPostDeliveries++;
        if (event.post === "P16") s.post16Deliveries++;
        break;
      case "noDisc":
        s.deliveries++;
        break;
      case "built":
      case "upgraded":
        s.buildsAndUpgrades++;
        break;
      case "hired":
        s.hires++;
        break;
      case "boughtCattle":
        s.cattleBought++;
        break;
      case "usedTrain":
        s.trainRides++;
        break;
    }
  }
  return stats;
}
