/**
 * What a game's "How to play" panel needs from the game: its rules in a few paragraphs, a player
 * aid drawn from the rules package's data, and the rulings we made where the rulebook is silent.
 * Each game's help module (src/games/<game>/help/index.ts) is its own lazily loaded chunk, asked
 * for by the lobby's game choice and by the table (registry.ts `help`).
 */
import type { Component } from "svelte";

/** One titled part of the rules text; `steps` render as a numbered list. */
export interface HelpSection {
  title: string;
  paragraphs?: string[];
  steps?: string[];
}

export type RulingSource = "data" | "ours" | "rulebook";

export interface RulingLine {
  id: string;
  source: RulingSource;
  text: string;
}

export interface GameHelp {
  /** The rules text in the reader's language; call it where it renders, so it follows a language switch. */
  sections(): HelpSection[];
  /** The compact reference (costs, effects, scoring), generated from the game's data. */
  Aid: Component;
  /** Every ruling of the game's rulings.ts, in its order, in the reader's language. */
  rulings(): RulingLine[];
}

/**
 * The rulings of a rules package, each with its text from `texts`. The type makes a missing text
 * a compile error; `help.test.ts` of each game checks the same at run time against RULINGS itself.
 */
export function rulingLines<Id extends string>(rulings: Record<Id, { source: RulingSource }>, texts: Record<Id, () => string>): RulingLine[] {
  return (Object.keys(rulings) as Id[]).map((id) => ({ id, source: rulings[id].source, text: texts[id]() }));
}
