/**
 * How `apply` should give each action its own state: the stored matches of every game
 * (src/fixtures/matches.json) replayed through the rules' `perform` with each way of copying,
 * printing the best round's actions per CPU second of the copy + perform alone (no prompts, validation, views):
 *   - cloneJson: a whole-state JSON round trip per action (the engine before issue #14);
 *   - mutative / immer: copy-on-write drafts, unchanged parts shared, with and without freezing
 *     the result (frozen states can be shared with views safely); mutative+freezeChanges is what
 *     defineGame does (the library's own freeze walks more of the state);
 *   - hand-written: El Paso's bot's structural copy (every list copied one level), the best a
 *     rules-side copy does without knowing which parts an action touches;
 *   - thaw+deepFreeze: what defineGame does for a game with a `thaw` (every game now): a
 *     shallow copy of the top, the rules copying what they write into (`writable`), the new
 *     objects frozen.
 *   pnpm bench:copy [--rounds 20]
 */
import { readOptions } from "@saloon/cli";
import { type LoggedAction, type LogEvent, type Seat, cloneJson, deepFreeze, freezeChanges } from "@saloon/engine";
import { create } from "mutative";
import { produce, setAutoFreeze } from "immer";
import { elGaucho } from "@saloon/el-gaucho";
import { elPaso } from "@saloon/el-paso";
import { fistful } from "@saloon/fistful";
import { perform as performFistful, thaw as thawFistful } from "../../games/fistful/src/rules.ts";
import { perform as performGaucho } from "../../games/el-gaucho/src/rules/index.ts";
import { thaw as thawGaucho } from "../../games/el-gaucho/src/state.ts";
import { perform as performElPaso } from "../../games/el-paso/src/rules.ts";
import { thaw as thawElPaso } from "../../games/el-paso/src/writes.ts";
import { cloneState } from "../../games/el-paso/src/bot/belief.ts";
import fistfulMatches from "../../games/fistful/src/fixtures/matches.json" with { type: "json" };
import gauchoMatches from "../../games/el-gaucho/src/fixtures/matches.json" with { type: "json" };
import elPasoMatches from "../../games/el-paso/src/fixtures/matches.json" with { type: "json" };

type Perform = (draft: any, seat: Seat, action: any) => LogEvent[];
type Step = (state: any, perform: Perform, seat: Seat, action: any) => any;
interface Match { seed: string; seats: number; options: unknown; log: LoggedAction[] }

const strategies: Record<string, Step> = {
  cloneJson: (state, perform, seat, action) => {
    const draft = cloneJson(state);
    perform(draft, seat, action);
    return draft;
  },
  "mutative": (state, perform, seat, action) => create(state, (draft) => void perform(draft, seat, action)),
  "mutative+freeze": (state, perform, seat, action) => create(state, (draft) => void perform(draft, seat, action), { enableAutoFreeze: true }),
  // What defineGame does: mutative, then only the parts not shared with the previous state frozen.
  "mutative+freezeChanges": (state, perform, seat, action) => freezeChanges(create(state, (draft) => void perform(draft, seat, action)), state),
  "immer": (state, perform, seat, action) => {
    setAutoFreeze(false);
    return produce(state, (draft: any) => void perform(draft, seat, action));
  },
  "immer+freeze": (state, perform, seat, action) => {
    setAutoFreeze(true);
    return produce(state, (draft: any) => void perform(draft, seat, action));
  },
};
const handWritten: Step = (state, perform, seat, action) => {
  // The bot's copy leaves Sue out (its beliefs never hold her); solo matches copy her too.
  const draft = state.sue ? { ...cloneState(state), sue: cloneJson(state.sue) } : cloneState(state);
  perform(draft, seat, action);
  return draft;
};

/** What defineGame does for a game with a `thaw`: everything the action did not write is the frozen state before. */
const thawed =
  (thaw: (state: any) => any): Step =>
  (state, perform, seat, action) => {
    const draft = thaw(state);
    perform(draft, seat, action);
    return deepFreeze(draft);
  };

const { values, fail } = readOptions("pnpm bench:copy", { rounds: { type: "string", default: "20" } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 0) fail("--rounds must be a whole number");
const cases = [
  { game: fistful, perform: performFistful as Perform, matches: fistfulMatches as unknown as Match[], extra: { "thaw+deepFreeze": thawed(thawFistful) } },
  { game: elGaucho, perform: performGaucho as Perform, matches: gauchoMatches as unknown as Match[], extra: { "thaw+deepFreeze": thawed(thawGaucho) } },
  { game: elPaso, perform: performElPaso as Perform, matches: elPasoMatches as unknown as Match[], extra: { "hand-written": handWritten, "thaw+deepFreeze": thawed(thawElPaso) } },
];
for (const { game, perform, matches, extra } of cases) {
  const steps = Object.entries({ ...strategies, ...extra });
  const best = new Map<string, number>();
  // Strategies take turns, round after round, and each keeps its fastest round: on a shared
  // machine the best round is the one least disturbed by other work.
  for (let round = 0; round <= rounds; round++) {
    for (const [name, step] of steps) {
      // Fresh starting states each time: a freezing strategy freezes the parts it shares.
      const starts = matches.map((m) => game.setup(m.seed, m.seats, (m.options ?? undefined) as never));
      let actions = 0;
      const cpu = process.cpuUsage();
      matches.forEach((match, i) => {
        let state: any = starts[i];
        for (const { seat, action } of match.log) state = step(state, perform, seat, action);
        actions += match.log.length;
        if (game.scores(state) === null) throw new Error(`${name} did not finish ${game.id} ${match.seed}`);
      });
      // Per second of this process's CPU time: on a shared machine, wall time mostly measures the others.
      const used = process.cpuUsage(cpu);
      const rate = actions / ((used.user + used.system) / 1e6);
      // Round 0 warms the JIT up and is not counted.
      if (round > 0) best.set(name, Math.max(best.get(name) ?? 0, rate));
    }
  }
  for (const [name, rate] of best) console.log(`${game.id.padEnd(9)} ${name.padEnd(22)} ${Math.round(rate).toLocaleString("en").padStart(9)} actions per CPU second`);
}
