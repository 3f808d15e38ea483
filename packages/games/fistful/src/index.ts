import { defineGame, noTableOptions } from "@saloon/engine";
import { chooseAction } from "./bot.ts";
import { ACTION_TYPES, type FistfulAction, currentPrompt } from "./prompts.ts";
import { perform, thaw } from "./rules.ts";
import { finalScores } from "./scoring.ts";
import { type FistfulState, setupState } from "./state.ts";
import { type FistfulView, viewFor } from "./view.ts";

/** A Fistful of Meeples has no table options. */
export type FistfulOptions = Record<string, never>;

export const fistful = defineGame<FistfulState, FistfulAction, FistfulOptions, FistfulView>({
  id: "fistful",
  title: "A Fistful of Meeples",
  minSeats: 2,
  maxSeats: 4,
  // Version 2: dynamite explodes after the whole draw (RULINGS.dynamiteAfterTheDraw).
  rulesVersion: "2",
  defaultOptions: {},
  actionTypes: ACTION_TYPES,
  parseOptions: noTableOptions("A Fistful of Meeples"),
  setup: (seed, seats) => setupState(seed, seats),
  prompts(state) {
    const prompt = currentPrompt(state);
    return prompt ? [prompt] : [];
  },
  perform,
  thaw,
  isOver: (state) => state.step.kind === "over",
  scores: finalScores,
  view: viewFor,
  bot: chooseAction,
});

export * from "./data.ts";
export { RULINGS, type Ruling, type RulingId } from "./rulings.ts";
export type { FistfulAction, FistfulPrompt } from "./prompts.ts";
export type { Direction, EndReason, FistfulState, PlacedMeeple, PlayerState, Sign, Step } from "./state.ts";
export type { FistfulView } from "./view.ts";
