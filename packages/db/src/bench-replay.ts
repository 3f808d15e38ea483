/**
 * Benchmark: the time to rebuild a stored finished game, as the replay viewer and the match API
 * do it: read the match (seed, seats, options, action log) from the database, then replay every
 * action with the same rules. Prints the median and spread over 100 runs.
 *   pnpm bench:replay [--game fistful] [--players 4] [--runs 100]
 * Uses DATABASE_URL when set, else a throwaway in-memory PGlite.
 */
import { readOptions } from "@saloon/cli";
import { findGame } from "@saloon/catalog";
import { playOut, replay, sameJson } from "@saloon/engine";
import { openDatabase } from "./connection.ts";
import { MatchStore } from "./match-store.ts";

const { values, fail } = readOptions("pnpm bench:replay", { game: { type: "string", default: "fistful" }, players: { type: "string", default: "4" }, runs: { type: "string", default: "100" } });
const game = findGame(values.game) ?? fail(`no game "${values.game}"`);
const seats = Number(values.players);
const runs = Number(values.runs);
if (!Number.isInteger(seats) || seats < game.minSeats || seats > game.maxSeats) fail(`--players must be ${game.minSeats}..${game.maxSeats} for ${game.id}`);
if (!Number.isInteger(runs) || runs < 1) fail("--runs must be a positive integer");

const db = await openDatabase(process.env.DATABASE_URL ? { kind: "postgres", url: process.env.DATABASE_URL } : { kind: "pglite", dataDir: "memory://" });
const store = new MatchStore(db.prisma);
const id = `bench-${game.id}-${seats}-${Date.now()}`;
const played = playOut(game, { seed: id, seats });
const now = new Date();
await store.finishMatch({
  id,
  game: game.id,
  rulesVersion: game.rulesVersion,
  options: game.defaultOptions,
  seed: id,
  createdAt: now,
  startedAt: now,
  finishedAt: now,
  seats: Array.from({ length: seats }, (_, seat) => ({ seat, kind: "bot" as const, name: `Bot ${seat + 1}`, playerId: null })),
  actions: played.log.map((e, index) => ({ index, seat: e.seat, action: e.action, at: now })),
  scores: game.scores(played.state)!,
});

const total: number[] = [];
const rebuildOnly: number[] = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const match = (await store.getEnded(id))!;
  const readDone = performance.now();
  const state = replay(game, match.seed, match.seats.length, match.options, match.actions);
  const finished = performance.now();
  if (!sameJson(game.scores(state), match.scores)) throw new Error("replay did not reproduce the stored scores");
  total.push(finished - started);
  rebuildOnly.push(finished - readDone);
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
console.log(`${game.title}, ${seats} players, ${played.log.length} actions, ${db.config.kind}, ${runs} runs`);
console.log(`  read + rebuild: median ${median(total).toFixed(2)} ms, p90 ${p90(total).toFixed(2)} ms`);
console.log(`  rebuild only:   median ${median(rebuildOnly).toFixed(2)} ms, p90 ${p90(rebuildOnly).toFixed(2)} ms`);
await db.close();
