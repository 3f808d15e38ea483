/**
 * Solo games of El Paso against Sue: the person's seat played by the game's bot, Sue by her
 * rules, so that her difficulties can be compared (pnpm sim el-paso --players 1 [--difficulty N]).
 */
import { type Chooser, gameBot, playOut } from "@saloon/engine";
import { DIFFICULTIES, type Difficulty, SOLO_SEATS, SUE_SEAT, elPaso } from "@saloon/el-paso";

export interface ScoreSummary {
  meanScore: number;
  /** Half the width of the 95 % interval of the mean (normal approximation). */
  meanMargin95: number;
  minScore: number;
  maxScore: number;
  /** Mean points per scoring category. */
  categories: Record<string, number>;
}

export interface SoloReport {
  game: string;
  difficulty: Difficulty;
  games: number;
  seconds: number;
  gamesPerSecond: number;
  actionsPerGame: number;
  sue: ScoreSummary & { turnsPerGame: number; deliveriesPerGame: number };
  person: ScoreSummary;
  /** The person's seat's share of games won (a tie that survives the tie-break counts as a win), with its 95 % Wilson interval. */
  personWinShare: number;
  personWinInterval: [number, number];
  /** Mean of Sue's score minus the person's, and half the width of its 95 % interval: how much stronger she is. */
  meanLead: number;
  meanLeadMargin95: number;
}

/** Sue's prompts have a single option, which is what her bot answers; asking it would build her view for every step. */
const sueStep: Chooser<any, any, any, any> = (game, state, seat) => game.prompts(state).find((p: { seat: number }) => p.seat === seat)!.options[0];

export function simulateSolo(difficulty: Difficulty, games: number, seed: string): SoloReport {
  const options = elPaso.parseOptions({ solo: true, difficulty });
  const person: number[] = [];
  const sue: number[] = [];
  const categories = [{} as Record<string, number>, {} as Record<string, number>];
  let wins = 0;
  let actions = 0;
  let turns = 0;
  let deliveries = 0;
  const started = performance.now();
  const choosers = Array.from({ length: SOLO_SEATS }, (_, seat) => (seat === SUE_SEAT ? sueStep : gameBot));
  for (let i = 0; i < games; i++) {
    const { state, log, events } = playOut(elPaso, { seed: `${seed}-${i}`, seats: SOLO_SEATS, options, choosers });
    const scores = elPaso.scores(state)!;
    actions += log.length;
    person.push(scores.lines[0]!.total);
    sue.push(scores.lines[SUE_SEAT]!.total);
    if (scores.winners.includes(0)) wins++;
    for (const [seat, line] of scores.lines.entries()) for (const [category, points] of Object.entries(line.breakdown)) categories[seat]![category] = (categories[seat]![category] ?? 0) + points / games;
    for (const event of events) {
      if (event.type === "sueDrew") turns++;
      else if (event.type === "sueDelivered") deliveries++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const share = wins / games;
  return {
    game: elPaso.id,
    difficulty,
    games,
    seconds,
    gamesPerSecond: games / seconds,
    actionsPerGame: actions / games,
    sue: { ...summary(sue, categories[SUE_SEAT]!), turnsPerGame: turns / games, deliveriesPerGame: deliveries / games },
    person: summary(person, categories[0]!),
    personWinShare: share,
    personWinInterval: wilson(wins, games),
    ...lead(sue.map((score, i) => score - person[i]!)),
  };
}

export function simulateSoloAll(games: number, seed: string, difficulties: readonly Difficulty[] = DIFFICULTIES): SoloReport[] {
  return difficulties.map((difficulty) => simulateSolo(difficulty, games, seed));
}

/** The mean and half the width of its 95 % interval (normal approximation). */
function meanWithMargin(values: number[]): [number, number] {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? values.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) : 0;
  return [mean, 1.96 * Math.sqrt(variance / n)];
}

function summary(totals: number[], categories: Record<string, number>): ScoreSummary {
  const [meanScore, meanMargin95] = meanWithMargin(totals);
  return { meanScore, meanMargin95, minScore: Math.min(...totals), maxScore: Math.max(...totals), categories };
}

function lead(leads: number[]): { meanLead: number; meanLeadMargin95: number } {
  const [meanLead, meanLeadMargin95] = meanWithMargin(leads);
  return { meanLead, meanLeadMargin95 };
}

/** The 95 % Wilson score interval of a proportion. */
function wilson(successes: number, n: number): [number, number] {
  const z = 1.96;
  const p = successes / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
