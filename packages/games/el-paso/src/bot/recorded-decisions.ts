/**
 * The bot's own decisions in seeded games, as the view and prompt it decided from: the positions
 * the bot's tests check their shortcuts on (a value found without the rules' trial, a kept value,
 * a memo) against the answer found afresh. Test support; the product never imports it.
 */
import { type Chooser, playOut } from "@saloon/engine";
import { elPaso } from "../index.ts";
import type { ElPasoPrompt } from "../prompts.ts";
import type { ElPasoView } from "../view.ts";

export type Decision = [view: ElPasoView, prompt: ElPasoPrompt];

/** The decisions `keep` picks (of those with a choice) in one game of `seats` bots from `seed`. */
export function gameDecisions(seed: string, seats: number, keep: (view: ElPasoView, prompt: ElPasoPrompt) => boolean = () => true): Decision[] {
  const out: Decision[] = [];
  const watch: Chooser<any, any, any, any> = (game, state, seat, random, memory) => {
    const prompt = game.prompts(state).find((p: ElPasoPrompt) => p.seat === seat)!;
    const view = game.view(state, seat);
    if (prompt.options.length > 1 && keep(view, prompt)) out.push([view, prompt]);
    return game.bot(view, prompt, random, memory);
  };
  playOut(elPaso, { seed, seats, choosers: Array.from({ length: seats }, () => watch) });
  return out;
}

/** The same over `games` games of 2, 3 and 4 players in turn, seeded `${prefix}-0`, `${prefix}-1`, … */
export function recordedDecisions(prefix: string, games: number, keep?: (view: ElPasoView, prompt: ElPasoPrompt) => boolean): Decision[] {
  const out: Decision[] = [];
  for (let g = 0; g < games; g++) out.push(...gameDecisions(`${prefix}-${g}`, 2 + (g % 3), keep));
  return out;
}
