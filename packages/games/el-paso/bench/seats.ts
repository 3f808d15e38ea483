/**
 * Bot games seen seat by seat: turns, deliveries, points by category, and the games split by
 * who ended them on the Simmental space (the seats before the ender get one more turn).
 *   pnpm --filter @saloon/el-paso seats [players=2] [games=200]
 */
import { readOptions } from "@saloon/cli";
import { playOut } from "@saloon/engine";
import { elPaso } from "../src/index.ts";

const { positionals, fail } = readOptions("pnpm --filter @saloon/el-paso seats", {}, { positionals: "[players=2] [games=200]" });
const players = Number(positionals[0] ?? 2);
const games = Number(positionals[1] ?? 200);
if (positionals.length > 2) fail("at most two words: players and games");
if (!Number.isInteger(players) || players < elPaso.minSeats || players > elPaso.maxSeats) fail(`players must be ${elPaso.minSeats}..${elPaso.maxSeats}`);
if (!Number.isInteger(games) || games < 1) fail("games must be a positive integer");
const sums: Record<string, number>[] = Array.from({ length: players }, () => ({}));
const add = (seat: number, key: string, value: number) => (sums[seat]![key] = (sums[seat]![key] ?? 0) + value);
const byEnder = new Map<number, { games: number; turns: number[]; wins: number[] }>();

for (let i = 0; i < games; i++) {
  const { state, events } = playOut(elPaso, { seed: `seats-${i}`, seats: players });
  const stats = elPaso.stats!(state, events);
  const scores = elPaso.scores(state)!;
  const ender = state.end.simmSeat!;
  const split = byEnder.get(ender) ?? { games: 0, turns: Array<number>(players).fill(0), wins: Array<number>(players).fill(0) };
  split.games++;
  byEnder.set(ender, split);
  for (let seat = 0; seat < players; seat++) {
    for (const [key, value] of Object.entries(stats[seat]!)) add(seat, key, value);
    for (const [key, value] of Object.entries(scores.lines[seat]!.breakdown)) add(seat, key, value);
    add(seat, "total", scores.lines[seat]!.total);
    add(seat, "won", scores.winners.includes(seat) ? 1 : 0);
    add(seat, "endedGame", ender === seat ? 1 : 0);
    split.turns[seat]! += stats[seat]!.turns!;
    if (scores.winners.includes(seat)) split.wins[seat]!++;
  }
}

console.log(`${games} games, ${players} players: means per seat`);
for (const key of Object.keys(sums[0]!)) console.log(`  ${key.padEnd(20)}${sums.map((s) => (s[key]! / games).toFixed(2).padStart(8)).join("")}`);
for (const [ender, split] of [...byEnder].sort((a, b) => a[0] - b[0])) {
  const pct = (n: number) => `${((100 * n) / split.games).toFixed(0)}%`;
  console.log(`  seat ${ender} ended ${split.games} games: turns ${split.turns.map((t) => (t / split.games).toFixed(2)).join(" / ")}, won ${split.wins.map(pct).join(" / ")}`);
}
