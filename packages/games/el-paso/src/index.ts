/**
 * Great Western Trail: El Paso for 2–4 players and solo against Sue: the rules as a pure game package.
 *   data.ts     every component as typed data (shared/data/el-paso.md; R values only here)
 *   rulings.ts  every ruling, by key
 *   state.ts    the state, table options and setup
 *   rules.ts    prompts and perform: the turn as a stack of open decisions
 *   writes.ts   the rules' copy-on-write into a state, and the freezing of what an action made
 *   scoring.ts  the 7 categories, objectives' best assignment, tie-break
 *   view.ts     what a seat or a spectator may see
 *   bot/        the bot for multiplayer seats (index.ts), the table it rebuilds from its view
 *               (belief.ts), the search it carries to its next decision of a turn (reuse.ts),
 *               its judgement of a position (evaluate.ts, composing weights.ts, holdings.ts,
 *               board.ts, deliveries.ts, objectives.ts) and the frozen bot of rules version 1
 *               it is measured against (baseline.ts)
 *   sue.ts      the solo opponent Sue: her state, setup and view (a solo table: { solo: true, difficulty })
 *   sue-turn.ts Sue's turn, one step per prompt
 *   stats.ts    figures per player for the simulator (turns, deliveries, objectives met …)
 */
import { GameRuleError, deepFreeze, defineGame } from "@saloon/engine";
import { chooseAction } from "./bot/index.ts";
import { WEIGHTS } from "./bot/weights.ts";
import { BUILDING_TYPES, type BuildingType, TRAIN_CARDS } from "./data.ts";
import { ACTION_TYPES, type ElPasoAction, type ElPasoPrompt, currentPrompt } from "./prompts.ts";
import { perform } from "./rules.ts";
import { finalScores } from "./scoring.ts";
import { DEFAULT_OPTIONS, type ElPasoOptions, type ElPasoState, setupState } from "./state.ts";
import { simulationStats } from "./stats.ts";
import { DIFFICULTIES, type Difficulty, SUE_SEAT } from "./sue.ts";
import { closesUndo } from "./undo.ts";
import { type ElPasoView, viewFor } from "./view.ts";
import { freezeNew, thaw } from "./writes.ts";

function parseOptions(raw: unknown): ElPasoOptions {
  if (raw === undefined || raw === null) return { ...DEFAULT_OPTIONS };
  if (typeof raw !== "object" || Array.isArray(raw)) throw new GameRuleError("BAD_SETUP", "El Paso options must be an object");
  const r = raw as Record<string, unknown>;
  const known = new Set(["bSides", "starTrains", "randomNeutrals", "objectivePicks", "liveScores", "solo", "difficulty"]);
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
  const liveScores = r.liveScores ?? true;
  if (typeof liveScores !== "boolean") throw new GameRuleError("BAD_SETUP", "liveScores must be true or false");
  const options: ElPasoOptions = {
    bSides: list("bSides", BUILDING_TYPES) as BuildingType[],
    starTrains: list("starTrains", TRAIN_CARDS),
    randomNeutrals,
    objectivePicks,
    // Only a table that turned live scores off records the option, so older setups stay identical.
    ...(liveScores ? {} : { liveScores }),
  };
  const solo = r.solo ?? false;
  if (typeof solo !== "boolean") throw new GameRuleError("BAD_SETUP", "solo must be true or false");
  if (!solo) {
    if (r.difficulty !== undefined) throw new GameRuleError("BAD_SETUP", "difficulty is for solo games only");
    return options;
  }
  const difficulty = r.difficulty ?? 0;
  if (!DIFFICULTIES.includes(difficulty as Difficulty)) throw new GameRuleError("BAD_SETUP", `difficulty must be one of ${DIFFICULTIES.join(", ")} (the B-cards in Sue's deck)`);
  return { ...options, solo: true, difficulty: difficulty as Difficulty };
}

/** A solo game is a 2-player game whose second seat is Sue ("Set up a 2-player game", E). */
function setup(seed: string, seats: number, raw: ElPasoOptions): ElPasoState {
  const options = parseOptions(raw);
  if (options.solo && seats !== SOLO_SEATS) throw new GameRuleError("BAD_SETUP", `A solo game has ${SOLO_SEATS} seats: you and Sue`);
  return setupState(seed, seats, options);
}

export const SOLO_SEATS = 2;

/**
 * The prompt list frozen all the way down here, where its shape is known: most options are
 * handed out frozen already (prompt-options.ts), and the engine's `deepFreeze` of a state's
 * prompts stops at a frozen list, where its generic walk (a call per option, a key loop over the
 * prompt and its context) was a hundredth of the simulator (issue #14).
 */
function frozenList(prompt: ElPasoPrompt): ElPasoPrompt[] {
  const options = prompt.options;
  for (let i = 0; i < options.length; i++) if (!Object.isFrozen(options[i])) deepFreeze(options[i]);
  Object.freeze(options);
  if (prompt.context !== undefined) deepFreeze(prompt.context);
  return Object.freeze([Object.freeze(prompt)]) as ElPasoPrompt[];
}
const NO_PROMPTS: ElPasoPrompt[] = Object.freeze([]) as unknown as ElPasoPrompt[];

export const elPaso = defineGame<ElPasoState, ElPasoAction, ElPasoOptions, ElPasoView>({
  id: "el-paso",
  title: "Great Western Trail: El Paso",
  minSeats: 2,
  maxSeats: 4,
  // 2 (issue #12): recalibrated data (trail, 2a, 2b, post VP; see CALIBRATION.md) and exchange
  // tokens in El Paso. Matches stored with version 1 no longer rebuild and are shown by their
  // recorded scores only (the site keeps no old rules).
  rulesVersion: "2",
  defaultOptions: DEFAULT_OPTIONS,
  actionTypes: ACTION_TYPES,
  parseOptions,
  setup,
  prompts(state) {
    const prompt = currentPrompt(state);
    return prompt ? frozenList(prompt) : NO_PROMPTS;
  },
  perform,
  thaw,
  freezeNew,
  // Every event is a new literal of numbers, texts and new lists (events.test.ts checks it).
  freshEvents: true,
  isOver: (state) => state.phase.kind === "over",
  scores: finalScores,
  view: viewFor,
  // The pending-action frames are pushed and popped whole, a few a turn: one path each in the
  // synced state rather than one per field (Game.wholeMembers).
  wholeMembers: ["stack"],
  // Sue's prompts have one option: her turn is decided by the rules, the room only paces it.
  bot: (view, prompt, random, memory) => (prompt.kind === "sue" ? prompt.options[0]! : chooseAction(view, prompt, random, WEIGHTS, memory)),
  automaSeats: (_seats, options) => (options.solo ? [{ seat: SUE_SEAT, name: "Sue" }] : []),
  stats: simulationStats,
  closesUndo,
});

export * from "./data.ts";
export { RULINGS, type Ruling, type RulingId } from "./rulings.ts";
export type { ElPasoAction, ElPasoPrompt } from "./prompts.ts";
export { type ObjectiveResources, SCORE_CATEGORIES, type ScoreCategory } from "./scoring.ts";
export type { BoardTile, ElPasoOptions, ElPasoState, Frame, Phase, PlayerState } from "./state.ts";
export type { ElPasoView, PlayerView } from "./view.ts";
export { DIFFICULTIES, type Difficulty, SUE_SEAT, type SueState, type SueStep, type SueView, botDeckCards } from "./sue.ts";
export { closestClockwise, sueRoute } from "./sue-turn.ts";
