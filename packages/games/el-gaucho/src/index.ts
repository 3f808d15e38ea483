import { defineGame, noTableOptions } from "@saloon/engine";
import { chooseAction } from "./bot.ts";
import { perform } from "./rules/index.ts";
import { ACTION_TYPES, type GauchoAction, currentPrompts } from "./rules/prompts.ts";
import { finalScores } from "./scoring.ts";
import { type GauchoState, setupState, thaw } from "./state.ts";
import { closesUndo } from "./undo.ts";
import { type GauchoView, viewFor } from "./view.ts";

/** El Gaucho has no table options. */
export type GauchoOptions = Record<string, never>;

export const elGaucho = defineGame<GauchoState, GauchoAction, GauchoOptions, GauchoView>({
  id: "el-gaucho",
  title: "El Gaucho",
  minSeats: 2,
  maxSeats: 4,
  // 2: no recall with a gaucho in supply, arrivals one breed at a time (RULINGS.recallWhenShort, homeOneBreedAtATime).
  rulesVersion: "2",
  defaultOptions: {},
  actionTypes: ACTION_TYPES,
  parseOptions: noTableOptions("El Gaucho"),
  setup: (seed, seats) => setupState(seed, seats),
  prompts: currentPrompts,
  perform,
  thaw,
  isOver: (state) => state.phase.kind === "over",
  scores: finalScores,
  view: viewFor,
  bot: chooseAction,
  closesUndo,
});

export * from "./data.ts";
export { RULINGS, type Ruling, type RulingId } from "./rulings.ts";
export type { GauchoAction, GauchoPrompt } from "./rules/prompts.ts";
export type { EarningCategory, EndPhase, GauchoState, PampaField, Phase, PlacedGaucho, PlayerState, TurnState } from "./state.ts";
export type { GauchoView, PlayerView } from "./view.ts";
