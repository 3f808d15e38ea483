/**
 * Great Western Trail: El Paso for 2–4 players: the rules as a pure game package.
 *   data.ts     every component as typed data (shared/data/el-paso.md; R values only here)
 *   rulings.ts  every ruling, by key
 *   state.ts    the state, table options and setup
 *   rules.ts    prompts and perform: the turn as a stack of open decisions
 *   scoring.ts  the 7 categories, objectives' best assignment, tie-break
 *   view.ts     what a seat or a spectator may see
 *   bot.ts      the bot for multiplayer seats (the solo opponent Sue is not implemented yet)
 */
import { GameRuleError, defineGame } from "@saloon/engine";
import { chooseAction } from "./bot.ts";
import { BUILDING_TYPES, type BuildingType, TRAIN_CARDS } from "./data.ts";
import { ACTION_TYPES, type ElPasoAction, currentPrompt, perform } from "./rules.ts";
import { finalScores } from "./scoring.ts";
import { DEFAULT_OPTIONS, type ElPasoOptions, type ElPasoState, setupState } from "./state.ts";
import { type ElPasoView, viewFor } from "./view.ts";

function parseOptions(raw: unknown): ElPasoOptions {
  if (raw === undefined || raw === null) return { ...DEFAULT_OPTIONS };
  if (typeof raw !== "object" || Array.isArray(raw)) throw new GameRuleError("BAD_SETUP", "El Paso options must be an object");
  const r = raw as Record<string, unknown>;
  const known = new Set(["bSides", "starTrains", "randomNeutrals", "objectivePicks"]);
  for (const key of Object.keys(r)) if (!known.has(key)) throw new GameRuleError("BAD_SETUP", `Unknown El Paso option "${key.slice(0, 40)}"`);
  const list = (key: string, allowed: readonly number[]): number[] => {
    const v = r[key] ?? [];
    if (!Array.isArray(v) || !v.every((x) => allowed.includes(x as number)) || new Set(v).size !== v.length) {
      throw new GameRuleError("BAD_SETUP", `${key} must list distinct values of ${allowed.join(", ")}`);
    }
    return [...(v as number[])].sort((a, b) => a - b);
  };
  const randomNeutrals = r.randomNeutrals ?? false;
  if (typeof randomNeutrals !== "boolean") throw new GameRuleError("BAD_SETUP", "randomNeutrals must be true or false");
  const objectivePicks = r.objectivePicks ?? "printed";
  if (objectivePicks !== "printed" && objectivePicks !== "reverse") throw new GameRuleError("BAD_SETUP", 'objectivePicks must be "printed" or "reverse"');
  return {
    bSides: list("bSides", BUILDING_TYPES) as BuildingType[],
    starTrains: list("starTrains", TRAIN_CARDS),
    randomNeutrals,
    objectivePicks,
  };
}

export const elPaso = defineGame<ElPasoState, ElPasoAction, ElPasoOptions, ElPasoView>({
  id: "el-paso",
  title: "Great Western Trail: El Paso",
  minSeats: 2,
  maxSeats: 4,
  rulesVersion: "1",
  defaultOptions: DEFAULT_OPTIONS,
  actionTypes: ACTION_TYPES,
  parseOptions,
  setup: (seed, seats, options) => setupState(seed, seats, parseOptions(options)),
  prompts(state) {
    const prompt = currentPrompt(state);
    return prompt ? [prompt] : [];
  },
  perform,
  isOver: (state) => state.phase.kind === "over",
  scores: finalScores,
  view: viewFor,
  bot: chooseAction,
});

export * from "./data.ts";
export { RULINGS, type Ruling, type RulingId } from "./rulings.ts";
export type { ElPasoAction, ElPasoPrompt } from "./rules.ts";
export { SCORE_CATEGORIES } from "./scoring.ts";
export type { BoardTile, ElPasoOptions, ElPasoState, Frame, Phase, PlayerState } from "./state.ts";
export type { ElPasoView, PlayerView } from "./view.ts";
