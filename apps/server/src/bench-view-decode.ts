/**
 * pnpm bench:view-decode [--rounds 5] [--every 1]
 *
 * What a client spends turning the synced paths into its view, per patch: every game's stored
 * matches (src/fixtures/matches.json) replayed, the public paths and seat 0's overrides made of
 * each state as the server syncs them, and then read back (a) whole at every patch, as
 * `decodeView`/`rebuildView` do, and (b) kept up to date by one `ViewDecoder`, as the web client
 * and bench:load's clients do. --every N reads every Nth state only (a person decides a few moves
 * apart; bench:load's spectator reads every tenth version). Each patch's paths are fresh objects
 * holding the same strings, as Colyseus's toJSON hands them. Prints the best round's CPU time
 * per patch.
 */
import type { AnyGame, LoggedAction } from "@saloon/engine";
import { games } from "@saloon/catalog";
import { readOptions } from "@saloon/cli";
import { ViewDecoder, flattenView, rebuildView, viewOverrides } from "@saloon/protocol";
import fistfulMatches from "../../../packages/games/fistful/src/fixtures/matches.json" with { type: "json" };
import gauchoMatches from "../../../packages/games/el-gaucho/src/fixtures/matches.json" with { type: "json" };
import elPasoMatches from "../../../packages/games/el-paso/src/fixtures/matches.json" with { type: "json" };

interface Match { seed: string; seats: number; options: unknown; log: LoggedAction[] }
const MATCHES: Record<string, Match[]> = {
  fistful: fistfulMatches as unknown as Match[],
  "el-gaucho": gauchoMatches as unknown as Match[],
  "el-paso": elPasoMatches as unknown as Match[],
};

const { values, fail } = readOptions("pnpm bench:view-decode", { rounds: { type: "string", default: "5" }, every: { type: "string", default: "1" } });
const rounds = Number(values.rounds);
const every = Number(values.every);
if (!(rounds > 0)) fail("--rounds > 0");
if (!Number.isInteger(every) || every < 1) fail("--every is a whole number ≥ 1");

type Paths = Record<string, string>;

/** Seat 0's patches of every stored match of `game`: the public paths and the seat's overrides. */
function patchesOf(game: AnyGame): [Paths, Paths][] {
  const patches: [Paths, Paths][] = [];
  for (const match of MATCHES[game.id] ?? []) {
    let state = game.setup(match.seed, match.seats, match.options ?? undefined);
    match.log.forEach((entry, index) => {
      const result = game.apply(state, entry.seat, entry.action);
      if (!result.ok) throw new Error(`${game.id} ${match.seed}: ${result.error.message}`);
      state = result.state;
      if (index % every !== 0) return;
      const publicPaths = flattenView(game.view(state, null));
      patches.push([Object.fromEntries(publicPaths), Object.fromEntries(viewOverrides(publicPaths, flattenView(game.view(state, 0))))]);
    });
  }
  return patches;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The best round's CPU µs per patch of `read` over `patches` (each round on fresh copies). */
function best(patches: readonly [Paths, Paths][], read: () => (publicPaths: Paths, overrides: Paths) => unknown): number {
  let fastest = Infinity;
  for (let round = 0; round < rounds; round++) {
    const fresh = patches.map(([publicPaths, overrides]) => [{ ...publicPaths }, { ...overrides }] as const);
    const reader = read();
    const started = cpuMs();
    for (const [publicPaths, overrides] of fresh) reader(publicPaths, overrides);
    fastest = Math.min(fastest, ((cpuMs() - started) * 1000) / fresh.length);
  }
  return fastest;
}

for (const game of Object.values(games)) {
  const patches = patchesOf(game);
  const whole = best(patches, () => rebuildView);
  const kept = best(patches, () => {
    const decoder = new ViewDecoder();
    return (publicPaths, overrides) => decoder.decode(publicPaths, overrides);
  });
  const paths = patches.reduce((sum, [publicPaths]) => sum + Object.keys(publicPaths).length, 0) / patches.length;
  console.log(`${game.id.padEnd(10)} ${patches.length} patches of ~${Math.round(paths)} paths: rebuilt whole ${whole.toFixed(1)} µs, kept up to date ${kept.toFixed(1)} µs per patch`);
}
