import { createRandom, gameBot, sameJson } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { BAR_PRICES, BAG_START, DYNAMITE, LOCATIONS, MEEPLE_SUPPLY, MEEPLE_TYPES, SIGNS_PER_PLAYER, SPACE_IDS } from "./data.ts";
import { fistful } from "./index.ts";
import type { FistfulState } from "./state.ts";

const SORTED_BARS = [...BAR_PRICES].sort((a, b) => a - b);

/**
 * Every cube, meeple, dynamite, bar and sign is somewhere, exactly once: returns what is off.
 * Counted with plain loops: it runs after each of the ~500,000 actions below (issue #14).
 */
function conservationProblems(state: FistfulState): string[] {
  const problems: string[] = [];
  const check = (what: string, actual: unknown, expected: unknown) => {
    if (!sameJson(actual, expected)) problems.push(`${what}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`);
  };
  const meeples: Record<string, number> = { ...state.turn.hand };
  for (const id of LOCATIONS) for (const t of MEEPLE_TYPES) meeples[t]! += state.locations[id][t];
  for (const id of SPACE_IDS) {
    const placed = state.spaces[id];
    if (placed) meeples[placed.meeple]!++;
  }
  for (const t of state.graves) meeples[t]!++;
  for (const t of state.boxed) meeples[t]!++;
  check("meeples", meeples, MEEPLE_SUPPLY);
  let gold = state.bag.gold;
  let stone = state.bag.stone;
  const bars = [...state.bank];
  for (const p of state.players) {
    gold += p.gold;
    stone += p.stone;
    bars.push(...p.bars);
  }
  check("cubes", { gold, stone }, BAG_START);
  check("dynamite", state.jailDynamite + state.bag.dynamite + state.explodedDynamite, DYNAMITE);
  check("bars", bars.sort((a, b) => a - b), SORTED_BARS);
  const signsOnBoard = state.players.map(() => 0);
  for (const building in state.signs) signsOnBoard[state.signs[building as keyof typeof state.signs]!.owner]!++;
  state.players.forEach((player, seat) => {
    check(`signs of seat ${seat}`, player.signsLeft + signsOnBoard[seat]!, SIGNS_PER_PLAYER);
    if (player.gold < 0 || player.stone < 0) problems.push(`seat ${seat} holds negative cubes`);
  });
  if (state.graves.length > 6) problems.push("more than 6 graves");
  return problems;
}

describe("the conservation check", () => {
  it("notices a lost meeple, a cube too many and a missing bar", () => {
    const state = structuredClone(fistful.setup("check", 3));
    expect(conservationProblems(state)).toEqual([]);
    const lost = structuredClone(state);
    lost.locations.saloon.madame = 0;
    expect(conservationProblems(lost)).toHaveLength(1);
    const cube = structuredClone(state);
    cube.players[2]!.gold++;
    expect(conservationProblems(cube)).toEqual([`cubes: {"gold":${BAG_START.gold + 1},"stone":${BAG_START.stone}} instead of ${JSON.stringify(BAG_START)}`]);
    const bar = structuredClone(state);
    bar.bank.pop();
    expect(conservationProblems(bar)[0]).toMatch(/^bars: /);
  });
});

/**
 * Plays one bot game, checking after every action that the action was offered, that the rules
 * accepted it, and that nothing was created or lost.
 */
function playChecked(seed: string, seats: number) {
  const random = createRandom(`bots:${seed}`);
  let state = fistful.setup(seed, seats);
  const problems = conservationProblems(state);
  let actions = 0;
  while (!fistful.isOver(state)) {
    const prompts = fistful.prompts(state);
    const prompt = prompts[0]!;
    if (prompts.length !== 1) problems.push(`${prompts.length} prompts at once`); // Fistful asks one seat at a time
    if (prompt.options.length < 2) problems.push(`a forced "${prompt.kind}" was not taken automatically`);
    const action = gameBot(fistful, state, prompt.seat, random);
    if (!prompt.options.some((option) => sameJson(option, action))) problems.push(`bot chose ${JSON.stringify(action)}, not an option`);
    const result = fistful.apply(state, prompt.seat, action);
    if (!result.ok) throw new Error(`${seed}: ${result.error.code} ${result.error.message}`);
    state = result.state;
    problems.push(...conservationProblems(state));
    if (problems.length > 0) throw new Error(`${seed} after action ${actions}: ${problems.join("; ")}`);
    if (++actions > 5000) throw new Error(`${seed} did not end`);
  }
  return state;
}

const GAMES = 1000;

describe.each([2, 3, 4])("%i-player bot games", (seats) => {
  it(`${GAMES} seeded games all end with every piece accounted for`, () => {
    const reasons = new Map<string, number>();
    for (let i = 0; i < GAMES; i++) {
      const state = playChecked(`sim-${seats}-${i}`, seats);
      const scores = fistful.scores(state)!;
      expect(scores.lines).toHaveLength(seats);
      expect(scores.winners.length).toBeGreaterThan(0);
      // Everybody had the same number of turns: the last turn was the last seat's.
      expect(state.active).toBe(seats - 1);
      reasons.set(state.endTrigger!, (reasons.get(state.endTrigger!) ?? 0) + 1);
    }
    // Each of the three end triggers actually happens in bot play.
    expect([...reasons.keys()].sort()).toEqual(["allDynamiteExploded", "bankEmpty", "graveyardFull"]);
  }, 120_000);
});
