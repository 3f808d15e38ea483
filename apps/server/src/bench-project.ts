/**
 * pnpm bench:project [--rounds 10] [--watched all|1] [--game fistful,el-gaucho,el-paso]
 *
 * What a table spends after each accepted move on making what its viewers will see, without the
 * network or the database: every game's stored matches (src/fixtures/matches.json) replayed, and
 * after each action the table's projection (the public view and each seat's, flattened to paths,
 * each seat reduced to its differences, plus prompts: table-sync.ts `project`) made and written
 * into the synced state (`write`), as a table does. Prints the best round's CPU time per action:
 * on a shared machine the best of several rounds is the least disturbed figure.
 * --watched 1: only seat 0's view is made, as at a table of one person and bots (a seat's own
 * view is made only while a connection holds it: table-sync.ts); all (the default): every seat's.
 * --game: only these games (all three by default).
 */
import type { AnyGame, LoggedAction } from "@saloon/engine";
import { games } from "@saloon/catalog";
import fistfulMatches from "../../../packages/games/fistful/src/fixtures/matches.json" with { type: "json" };
import gauchoMatches from "../../../packages/games/el-gaucho/src/fixtures/matches.json" with { type: "json" };
import elPasoMatches from "../../../packages/games/el-paso/src/fixtures/matches.json" with { type: "json" };
import { EventLog } from "./event-log.ts";
import { TableSync } from "./table-sync.ts";
import { PrivateSeatSchema, SeatSchema, TableStateSchema } from "./table-state.ts";
import { readOptions } from "@saloon/cli";

interface Match { seed: string; seats: number; options: unknown; log: LoggedAction[] }
const { values, fail } = readOptions("pnpm bench:project", {
  rounds: { type: "string", default: "10" },
  watched: { type: "string", default: "all" },
  game: { type: "string", default: "fistful,el-gaucho,el-paso" },
});
const rounds = Number(values.rounds);
if (!(rounds > 0)) fail("--rounds > 0");
if (values.watched !== "all" && values.watched !== "1") fail("--watched is all or 1");
const watched = values.watched === "all" ? () => true : (seat: number) => seat === 0;
const chosen = values.game!.split(",");
const MATCHES: Record<string, Match[]> = { fistful: fistfulMatches, "el-gaucho": gauchoMatches, "el-paso": elPasoMatches } as unknown as Record<string, Match[]>;
for (const id of chosen) if (!MATCHES[id]) fail(`--game: one or more of ${Object.keys(MATCHES).join(", ")}`);

/** Every state of a stored match, in order (the rules' work is done once, outside the timing). */
function statesOf(game: AnyGame, match: Match): unknown[] {
  let state = game.setup(match.seed, match.seats, match.options ?? undefined);
  const states = [state];
  for (const entry of match.log) {
    const result = game.apply(state, entry.seat, entry.action);
    if (!result.ok) throw new Error(`${game.id} ${match.seed}: ${result.error.message}`);
    state = result.state;
    states.push(state);
  }
  return states;
}

function syncedState(seats: number): TableStateSchema {
  const state = new TableStateSchema();
  for (let seat = 0; seat < seats; seat++) {
    const schema = new SeatSchema();
    schema.seat = seat;
    schema.secret = new PrivateSeatSchema();
    state.seats.push(schema);
  }
  return state;
}

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

console.log(`projection + write per action, best of ${rounds} rounds (CPU time), ${values.watched === "all" ? "every seat's view" : "seat 0's view only"}; load average ${(await import("node:os")).loadavg().map((n) => n.toFixed(1)).join(" ")}`);
for (const id of chosen) {
  const game = games[id as keyof typeof games] as unknown as AnyGame;
  const matches = MATCHES[id]!;
  const played = matches.map((match) => ({ match, states: statesOf(game, match) }));
  const actions = played.reduce((sum, { states }) => sum + states.length - 1, 0);
  let best = Number.POSITIVE_INFINITY;
  let bestProject = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    let projecting = 0;
    const started = cpuMs();
    for (const { match, states } of played) {
      const sync = new TableSync(game, syncedState(match.seats), () => match.seats, new EventLog(), watched);
      sync.publish(states[0], true);
      for (let i = 1; i < states.length; i++) {
        const before = cpuMs();
        const projection = sync.project(states[i], !game.isOver(states[i]));
        projecting += cpuMs() - before;
        sync.write(projection);
      }
    }
    best = Math.min(best, (cpuMs() - started) / actions);
    bestProject = Math.min(bestProject, projecting / actions);
  }
  console.log(`${game.id.padEnd(10)} ${(best * 1000).toFixed(0).padStart(6)} µs per action (projection ${(bestProject * 1000).toFixed(0)} µs), ${actions} actions in ${matches.length} matches of ${matches.map((m) => m.seats).join("/")} seats`);
}
