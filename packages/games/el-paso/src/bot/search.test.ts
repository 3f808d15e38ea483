import { describe, expect, it } from "vitest";
import { EL_PASO, SPACE_COST } from "../data.ts";
import { type ElPasoPrompt, currentPrompt } from "../prompts.ts";
import { perform } from "../rules.ts";
import type { ElPasoView } from "../view.ts";
import { type Decision, recordedDecisions } from "./recorded-decisions.ts";
import { beliefFromView, freezeChanged, trialCopy } from "./belief.ts";
import { postFacts } from "./board.ts";
import { DeliveryValues } from "./delivery-values.ts";
import { valueWithoutTrial } from "./index.ts";
import { evaluate, evaluateSeat } from "./evaluate.ts";
import { moveValues, upperBound } from "./moves.ts";
import { sameValue } from "./reuse.ts";
import { auxEndsTurn, delivered, deliveredEndingTurn, deliveryEndsTurnQuietly, moved, rewardEnded, rewardEndedEntry, rewardEndsTurnQuietly, workerBonus } from "./quiet-trials.ts";
import { type Search, ENDS_TURN, complete, endsTurnQuietly, greedyStep, judged, newSearch, settle, pruned, stepValuesAt, stepValuesFor, stillMyTurn, trialsOf, tryOption } from "./search.ts";
import { WEIGHTS, horizonAt } from "./weights.ts";

/** The bot's decisions of a few seeded games, as its view and prompt (what it decides from). */
function positions(kinds: string[], games = 3): Decision[] {
  return recordedDecisions("search-test", games, (_, prompt) => kinds.includes(prompt.kind));
}

function fresh(view: ElPasoView, prompt: ElPasoPrompt): Search {
  const belief = beliefFromView(view, prompt.seat);
  return newSearch(belief, horizonAt(belief.state, belief.seat), WEIGHTS);
}

/** Each move or delivery option played out to the end of the turn, as every decision was judged before 6 Dec 2026. */
function playedOut(search: Search, prompt: ElPasoPrompt): number[] {
  const state = search.belief.state;
  const trials = trialsOf(search, state, prompt.options);
  const keep = pruned(prompt.options, state);
  return prompt.options.map((o, i) => {
    if ((keep !== null && !keep[i]) || (o.type !== "move" && o.type !== "deliver")) return -Infinity;
    const trial = tryOption(search, state, trials, i);
    return trial ? complete(search, trial.state) + trial.bonus : -Infinity;
  });
}

const argmax = (values: number[]): number => values.reduce((best, v, i) => (v > values[best]! ? i : best), 0);

describe("the search", () => {
  it("judges a done that ends the turn on the state before it, as the evaluation judges the state after it", () => {
    let checked = 0;
    for (const [view, prompt] of positions(["actions", "aux", "hireSecond"], 2)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      if (!endsTurnQuietly(search, state)) continue;
      const seat = prompt.seat;
      const copy = trialCopy(state, seat);
      perform(copy, seat, { type: "done" });
      freezeChanged(copy, state);
      expect(copy.active === seat && copy.turnCount === state.turnCount).toBe(false);
      expect(evaluate(search.belief, state, search.horizon)).toBe(evaluate(search.belief, copy, search.horizon));
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  }, 60_000);

  it("judges an auxiliary action that ends the turn as the rules' trial of it", () => {
    let checked = 0;
    for (const [view, prompt] of positions(["actions"], 2)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      if (state.stack[0]?.kind !== "actions" || !endsTurnQuietly(search, state)) continue;
      for (const option of prompt.options) {
        if (option.type !== "aux" || option.aux === 3) continue;
        const seat = prompt.seat;
        const copy = trialCopy(state, seat);
        perform(copy, seat, option);
        const light = auxEndsTurn(state, seat, option.aux);
        expect(stillMyTurn(search, light)).toBe(false);
        expect(light.players[seat]!.money).toBe(copy.players[seat]!.money);
        expect(light.players[seat]!.certs).toBe(copy.players[seat]!.certs);
        // Every field of the seat's entry, as the rules keep it (auxEndsTurn lists them: a field
        // added to PlayerState must be added there too).
        expect(Object.keys(light.players[seat]!).sort()).toEqual(Object.keys(copy.players[seat]!).sort());
        expect(evaluate(search.belief, light, search.horizon)).toBe(evaluate(search.belief, copy, search.horizon));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  }, 60_000);

  it("makes a worker bonus's state as the rules make it", () => {
    let checked = 0;
    for (const [view, prompt] of positions(["actions", "aux", "hireSecond", "deliver"], 2)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      for (const option of prompt.options) {
        if (option.type !== "bonus") continue;
        const seat = prompt.seat;
        const copy = trialCopy(state, seat);
        perform(copy, seat, option);
        expect(sameValue(workerBonus(state, seat, option.worker), copy)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  }, 60_000);

  it("makes a move's arrival at a location as the rules make it", () => {
    const kinds = new Map<string, number>();
    for (const [view, prompt] of positions(["move"], 4)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      const seat = prompt.seat;
      for (const option of prompt.options) {
        if (option.type !== "move") continue;
        const made = moved(state, seat, option.to);
        if (made === null) {
          // El Paso's arrival is the rules' (its money, the Simmental, the end of the game).
          expect(option.to).toBe(EL_PASO);
          continue;
        }
        const copy = trialCopy(state, seat);
        perform(copy, seat, option);
        freezeChanged(copy, state);
        // Every part, keys in the same order: the next decision compares its table with it (reuse.ts).
        expect(sameValue(made, copy)).toBe(true);
        const tile = state.board[option.to]!;
        const before = state.players[seat]!;
        const kind = tile.kind === "neutral" ? "neutral" : tile.owner === seat ? "own" : "other";
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        if (before.herder === null) kinds.set("first", (kinds.get("first") ?? 0) + 1);
        if (made.players[seat]!.workers.length < before.workers.length) kinds.set("cowboys", (kinds.get("cowboys") ?? 0) + 1);
      }
    }
    for (const kind of ["neutral", "own", "other", "first", "cowboys"]) expect(kinds.get(kind) ?? 0).toBeGreaterThan(10);
  }, 60_000);

  it("makes a delivery's state as the rules make it", () => {
    let checked = 0;
    for (const [view, prompt] of positions(["deliver"], 3)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      for (const option of prompt.options) {
        if (option.type !== "deliver" || option.post === "P00") continue;
        const seat = prompt.seat;
        const copy = trialCopy(state, seat);
        perform(copy, seat, option);
        const made = delivered(state, seat, option.post, option.disc, option.spend);
        expect(sameValue(made, copy)).toBe(true);
        // The post facts it keeps for its posts (board.ts rememberDelivery) are those counted afresh
        // (an unfrozen copy is counted, not looked up).
        expect(postFacts(made.posts, seat)).toEqual(postFacts(structuredClone(made.posts), seat));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 60_000);

  it("values a delivery without its state as the evaluation judges the rules' trial of it", () => {
    let rewarded = 0;
    let ending = 0;
    for (const [view, prompt] of positions(["deliver"], 3)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      const seat = prompt.seat;
      const values = new DeliveryValues(search, state);
      for (const option of prompt.options) {
        if (option.type !== "deliver") continue;
        const value = values.of(option);
        const quiet = option.post !== "P00" || deliveryEndsTurnQuietly(state, seat, option.disc);
        expect(value !== null).toBe(quiet);
        if (value === null) continue;
        const copy = trialCopy(state, seat);
        perform(copy, seat, option);
        freezeChanged(copy, state);
        // Exactly, not nearly: the step's choice compares these values with the others'.
        expect(value).toBe(evaluate(search.belief, copy, search.horizon));
        // A post without a reward adds nothing to play on (search.ts rewardsByPost takes its gain as 0).
        if (option.post === "P00") expect(judged(search, settle(search, copy, state.stack.length, true)) - judged(search, copy)).toBe(0);
        if (option.post === "P00") ending++;
        else rewarded++;
      }
    }
    expect(rewarded).toBeGreaterThan(100);
    expect(ending).toBeGreaterThan(30);
  }, 60_000);

  it("values a worker bonus and an exchange in place of a location's actions without their trials as their trials are valued", () => {
    let bonuses = 0;
    let exchanges = 0;
    for (const [view, prompt] of positions(["actions", "aux", "hireSecond"], 3)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      const seat = prompt.seat;
      const trials = trialsOf(search, state, prompt.options);
      for (let i = 0; i < prompt.options.length; i++) {
        const option = prompt.options[i]!;
        const value = valueWithoutTrial(search, state, option);
        if (value === null) continue;
        // The trial as the decision made it before (search.ts newTrial: the exchange through the
        // rules), settled and judged as stepValue judges it.
        const trial = tryOption(search, state, trials, i)!;
        expect(value).toBe(judged(search, settle(search, trial.state, state.stack.length)) + trial.bonus);
        if (option.type === "bonus") {
          // And the rules' own trial of the bonus.
          const copy = trialCopy(state, seat);
          perform(copy, seat, option);
          freezeChanged(copy, state);
          expect(value).toBe(evaluate(search.belief, copy, search.horizon));
          bonuses++;
        } else exchanges++;
      }
    }
    expect(bonuses).toBeGreaterThan(100);
    expect(exchanges).toBeGreaterThan(20);
  }, 60_000);

  it("ends the turn after a post's reward as the rules do, where it needs no rules", () => {
    let checked = 0;
    let hired = 0;
    let tiles = 0;
    for (const [view, prompt] of positions(["deliver"], 3)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      const seat = prompt.seat;
      for (const option of prompt.options) {
        if (option.type !== "deliver" || option.post === "P00") continue;
        const reward = delivered(state, seat, option.post, option.disc, option.spend);
        if (!rewardEndsTurnQuietly(reward, seat)) continue;
        for (const step of currentPrompt(reward)!.options) {
          if (step.type !== "done" && step.type !== "act" && step.type !== "hire" && step.type !== "tile") continue;
          const ended = rewardEnded(reward, seat, step);
          if (ended === null) continue;
          const copy = trialCopy(reward, seat);
          perform(copy, seat, step);
          expect(stillMyTurn(search, ended)).toBe(false);
          expect(stillMyTurn(search, copy)).toBe(false);
          expect(sameValue(ended.players[seat], copy.players[seat])).toBe(true);
          expect(evaluate(search.belief, ended, search.horizon)).toBe(evaluate(search.belief, copy, search.horizon));
          // Valued without the state (search.ts stepValuesAt): the entry on the reward's state.
          const entry = rewardEndedEntry(reward, seat, step)!;
          expect(evaluateSeat(search.belief, reward, entry, postFacts(reward.posts, seat), search.horizon)).toBe(evaluate(search.belief, copy, search.horizon));
          checked++;
          if (step.type === "hire") hired++;
          if (step.type === "tile") tiles++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(hired).toBeGreaterThan(20);
    expect(tiles).toBeGreaterThan(20);
  }, 60_000);

  it("ends the turn after a delivery to a post without a reward as the rules do, where it needs no rules", () => {
    let checked = 0;
    for (const [view, prompt] of positions(["deliver"], 3)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      const seat = prompt.seat;
      for (const option of prompt.options) {
        if (option.type !== "deliver" || option.post !== "P00" || !deliveryEndsTurnQuietly(state, seat, option.disc)) continue;
        const ended = deliveredEndingTurn(state, seat, option.post, option.disc, option.spend);
        const copy = trialCopy(state, seat);
        perform(copy, seat, option);
        expect(stillMyTurn(search, ended)).toBe(false);
        expect(stillMyTurn(search, copy)).toBe(false);
        expect(sameValue(ended.players[seat], copy.players[seat])).toBe(true);
        expect(sameValue(ended.posts, copy.posts)).toBe(true);
        expect(evaluate(search.belief, ended, search.horizon)).toBe(evaluate(search.belief, copy, search.horizon));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  }, 60_000);

  it("tries each building, purchase and train card with the fewest wild workers, a new building on its cheapest free space", () => {
    let wild = 0;
    let spaces = 0;
    for (const [view, prompt] of positions(["actions"], 6)) {
      const state = beliefFromView(view, prompt.seat).state;
      const keep = pruned(prompt.options, state);
      const target = (o: (typeof prompt.options)[number]): string => JSON.stringify({ ...o, wild: undefined, node: o.type === "build" && !state.board[o.node] ? undefined : (o as { node?: string }).node });
      // By what it takes (a new building by its type, wherever): the options kept, and all of them.
      const kept = new Map<string, typeof prompt.options>();
      const all = new Map<string, typeof prompt.options>();
      prompt.options.forEach((o, i) => {
        if (o.type !== "build" && o.type !== "buy" && o.type !== "train") {
          expect(keep === null || keep[i]).toBe(true);
          return;
        }
        all.set(target(o), [...(all.get(target(o)) ?? []), o]);
        if (keep === null || keep[i]) kept.set(target(o), [...(kept.get(target(o)) ?? []), o]);
      });
      for (const [key, options] of all) {
        const least = Math.min(...options.map((o) => (o as { wild: number }).wild));
        const cheapest = Math.min(...options.map((o) => (o.type === "build" && !state.board[o.node] ? SPACE_COST[o.node]! : 0)));
        const chosen = kept.get(key) ?? [];
        // One option kept: the fewest wild workers, and for a new building the cheapest space.
        expect(chosen.length).toBe(1);
        expect((chosen[0] as { wild: number }).wild).toBe(least);
        if (chosen[0]!.type === "build" && !state.board[chosen[0]!.node]) expect(SPACE_COST[chosen[0]!.node]).toBe(cheapest);
        if (options.some((o) => (o as { wild: number }).wild > least)) wild++;
        if (new Set(options.map((o) => (o as { node?: string }).node)).size > 1) spaces++;
      }
    }
    expect(wild).toBeGreaterThan(20);
    expect(spaces).toBeGreaterThan(20);
  }, 60_000);

  it("takes the delivery that playing each one out with its post's reward takes, or one nearly as good", () => {
    let decisions = 0;
    let same = 0;
    let loss = 0;
    for (const [view, prompt] of positions(["deliver"])) {
      const search = fresh(view, prompt);
      const values = stepValuesFor(search, search.belief.state, prompt.options);
      if (values === null || !prompt.options.some((o) => o.type === "deliver")) continue;
      const full = playedOut(search, prompt);
      const chosen = argmax(values);
      const best = argmax(full);
      decisions++;
      if (full[chosen] === full[best]) same++;
      loss += full[best]! - full[chosen]!;
    }
    expect(decisions).toBeGreaterThan(30);
    // Measured: 97 of 106 deliveries the same, 0.09 VP lost per delivery on average (6 games).
    expect(same / decisions).toBeGreaterThan(0.85);
    expect(loss / decisions).toBeLessThan(0.25);
  }, 120_000);

  it("bounds an arrival by the values its step compares, found without the step's trial, as the step itself finds them", () => {
    let arrivals = 0;
    for (const [view, prompt] of positions(["move"], 2)) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      const trials = trialsOf(search, state, prompt.options);
      for (let i = 0; i < prompt.options.length; i++) {
        if (prompt.options[i]!.type !== "move") continue;
        const trial = tryOption(search, state, trials, i);
        if (!trial || trial.state.stack.at(-1)?.kind !== "actions") continue;
        const values = stepValuesAt(search, trial.state)!;
        const before = [...values.values];
        // The step not taken yet: its best option's trial is not made (unless valued by it).
        const best = argmax(values.values);
        // The same values on a search that took the step at once (the way before 7 Dec 2026).
        const other = fresh(view, prompt);
        const otherTrial = tryOption(other, state, trialsOf(other, state, prompt.options), i)!;
        const step = greedyStep(other, otherTrial.state);
        expect(other.stepValues.get(otherTrial.state)!.values).toEqual(before);
        // And taking the step now reaches the state that search reached, value for value.
        const taken = greedyStep(search, trial.state);
        expect(taken === ENDS_TURN).toBe(step === ENDS_TURN);
        if (taken !== ENDS_TURN && taken !== null && step !== ENDS_TURN && step !== null) expect(sameValue(taken, step)).toBe(true);
        expect(values.values).toEqual(before);
        expect(best).toBe(argmax(other.stepValues.get(otherTrial.state)!.values));
        arrivals++;
      }
    }
    expect(arrivals).toBeGreaterThan(200);
  }, 120_000);

  it("plays out only the destinations that may be best, and takes the destination playing out every one takes", () => {
    let moves = 0;
    let same = 0;
    let arrivals = 0;
    let bounded = 0;
    for (const [view, prompt] of positions(["move"])) {
      const search = fresh(view, prompt);
      const state = search.belief.state;
      const full = playedOut(search, prompt);
      const trials = trialsOf(search, state, prompt.options);
      const values = moveValues(search, state, trials, pruned(prompt.options, state));
      moves++;
      if (full[argmax(values)] === full[argmax(full)]) same++;
      for (let i = 0; i < prompt.options.length; i++) {
        if (full[i] === -Infinity) continue;
        const trial = trials.made[i]!;
        arrivals++;
        // Printed actions that help each other can make a play-out worth more than the bound.
        if (upperBound(search, trial.state) + trial.bonus + 0.3 >= full[i]!) bounded++;
      }
    }
    expect(moves).toBeGreaterThan(100);
    // Measured: 328 of 333 moves the same, 98 % of 1,255 arrivals within their bound (6 games).
    expect(same / moves).toBeGreaterThan(0.95);
    expect(bounded / arrivals).toBeGreaterThan(0.95);
  }, 120_000);
});
