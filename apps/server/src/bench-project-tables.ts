/**
 * pnpm bench:project-tables [--tables 1000] [--actions 200000] [--game fistful,el-gaucho,el-paso]
 *
 * What a table's projection costs when many tables keep theirs alive at once, as a server of
 * 1,000 tables does: each table's last projection (its units, maps and schema entries) lives
 * until that table's next move, about a second later, so whatever a move allocates for it
 * survives the young generation's collections and is copied, then promoted (docs/sync-journal.md, "What
 * survives the young generation"). bench:project replays one table at a time, where the same
 * objects die young, and does not see this.
 *
 * Here `--tables` tables replay the game's stored matches (src/fixtures/matches.json) in turns, one
 * action per table per round, each table starting its match again when it ends; after each action
 * the table's projection is made and written into its synced state, and the state's patch encoded
 * as Colyseus does for one seated person (seat 0, whose view is the only seat view made, as at a
 * table of one person and bots) and one spectator, then its changes discarded. No network, no
 * database, no bots: the rules' states are made once, before the timing.
 *
 * Prints CPU per action and the garbage collector's pauses per action (scavenges and mark-sweeps
 * apart, as Node's PerformanceObserver reports them). For what survives each scavenge, run it
 * under `node --trace-gc-nvp` (see the `survived` and `promoted` fields).
 */
import { PerformanceObserver } from "node:perf_hooks";
import { loadavg } from "node:os";
import { Encoder, StateView } from "@colyseus/schema";
import type { AnyGame, LoggedAction } from "@saloon/engine";
import { games } from "@saloon/catalog";
import { readOptions } from "@saloon/cli";
import fistfulMatches from "../../../packages/games/fistful/src/fixtures/matches.json" with { type: "json" };
import gauchoMatches from "../../../packages/games/el-gaucho/src/fixtures/matches.json" with { type: "json" };
import elPasoMatches from "../../../packages/games/el-paso/src/fixtures/matches.json" with { type: "json" };
import { EventLog } from "./event-log.ts";
import { TableSync } from "./table-sync.ts";
import { PrivateSeatSchema, SeatSchema, TableStateSchema } from "./table-state.ts";

interface Match { seed: string; seats: number; options: unknown; log: LoggedAction[] }

const MATCHES: Record<string, Match[]> = {
  fistful: fistfulMatches as unknown as Match[],
  "el-gaucho": gauchoMatches as unknown as Match[],
  "el-paso": elPasoMatches as unknown as Match[],
};

const { values, fail } = readOptions("pnpm bench:project-tables", {
  tables: { type: "string", default: "1000" },
  actions: { type: "string", default: "200000" },
  game: { type: "string", default: "fistful,el-gaucho,el-paso" },
});
const tableCount = Number(values.tables);
const actionCount = Number(values.actions);
if (!Number.isInteger(tableCount) || tableCount < 1) fail("--tables is a whole number ≥ 1");
if (!Number.isInteger(actionCount) || actionCount < tableCount) fail("--actions is a whole number ≥ --tables");
const chosen = values.game!.split(",");
for (const id of chosen) if (!MATCHES[id]) fail(`--game: one or more of ${Object.keys(MATCHES).join(", ")}`);

/** Every state of a stored match, in order. */
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

/** One table: its synced state, the encoder Colyseus would keep for it, and two clients' views. */
class Table {
  private sync!: TableSync;
  private encoder!: Encoder;
  private views!: StateView[];
  private at = 0;

  constructor(
    private readonly game: AnyGame,
    private readonly match: Match,
    private readonly states: readonly unknown[],
  ) {
    this.begin();
  }

  private begin(): void {
    const state = new TableStateSchema();
    state.game = this.game.id;
    for (let seat = 0; seat < this.match.seats; seat++) {
      const schema = new SeatSchema();
      schema.seat = seat;
      schema.secret = new PrivateSeatSchema();
      state.seats.push(schema);
    }
    this.sync = new TableSync(this.game, state, () => this.match.seats, new EventLog(), (seat) => seat === 0);
    this.encoder = new Encoder(state);
    const person = new StateView();
    person.add(state.seats[0]!);
    this.views = [person, new StateView()];
    this.sync.publish(this.states[0], true);
    this.encoder.discardChanges(); // what the clients' full states carried
    this.at = 0;
  }

  /** The table's next action: projected, written and encoded as a patch for its two clients. */
  step(): void {
    if (this.at + 1 >= this.states.length) this.begin();
    this.at += 1;
    const state = this.states[this.at];
    this.sync.write(this.sync.project(state, !this.game.isOver(state)));
    const it = { offset: 1 };
    this.encoder.encode(it);
    const shared = it.offset;
    for (const view of this.views) this.encoder.encodeView(view, shared, it);
    this.encoder.discardChanges();
  }
}

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

console.log(`${tableCount} tables, ${actionCount} actions per game, a person at seat 0 and a spectator at each; load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
for (const id of chosen) {
  const game = games[id as keyof typeof games] as unknown as AnyGame;
  const matches = MATCHES[id]!;
  const played = matches.map((match) => ({ match, states: statesOf(game, match) }));
  const tables = Array.from({ length: tableCount }, (_, i) => {
    const { match, states } = played[i % played.length]!;
    return new Table(game, match, states);
  });
  // Warm-up: every table through a few rounds, so the JIT and the old generation have settled.
  for (let round = 0; round < 5; round++) for (const table of tables) table.step();

  const pauses = { scavenge: { count: 0, ms: 0 }, other: { count: 0, ms: 0 } };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      // perf_hooks.constants.NODE_PERFORMANCE_GC_MINOR (1) is a scavenge.
      const into = kind === 1 ? pauses.scavenge : pauses.other;
      into.count += 1;
      into.ms += entry.duration;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  let done = 0;
  let cpu = 0;
  while (done < actionCount) {
    const roundStarted = cpuMs();
    for (const table of tables) table.step();
    cpu += cpuMs() - roundStarted;
    done += tables.length;
    // The observer hears of pauses only from the event loop: a turn of it between rounds.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
  observer.disconnect();
  const perAction = (ms: number) => ((ms * 1000) / done).toFixed(1);
  console.log(
    `${id.padEnd(10)} ${perAction(cpu).padStart(6)} µs CPU per action; GC ${perAction(pauses.scavenge.ms)} µs in ${pauses.scavenge.count} scavenges ` +
      `(${(pauses.scavenge.ms / Math.max(1, pauses.scavenge.count)).toFixed(1)} ms each), ${perAction(pauses.other.ms)} µs in ${pauses.other.count} other pauses; ` +
      `heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
  );
}
