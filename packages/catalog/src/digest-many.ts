/**
 * One SHA-256 per game and player count over many seeded bot games: each game's action log and
 * the fixture digest of its replay (every state, every viewer's view, every event). Run it
 * before and after a change that must not alter any game (a faster copy, a faster bot) and
 * compare the lines: the stored fixtures are a few matches, this is hundreds.
 *   pnpm sim:digest [fistful,el-gaucho] [--games 100] [--seed digest]
 */
import { createHash } from "node:crypto";
import { readOptions } from "@saloon/cli";
import { playOut } from "@saloon/engine";
import { replayDigest } from "@saloon/engine/testing";
import { findGame, games } from "./index.ts";

const { values, positionals, fail } = readOptions(
  "pnpm sim:digest",
  { games: { type: "string", default: "100" }, seed: { type: "string", default: "digest" } },
  { positionals: `[${Object.keys(games).join(",")}]` },
);
const ids = positionals.length > 0 ? positionals.flatMap((p) => p.split(",")) : Object.keys(games);
const count = Number(values.games);
const chosen = ids.map((id) => findGame(id) ?? fail(`no game "${id}"`));
if (!Number.isInteger(count) || count < 1) fail("--games must be a positive integer");
for (const game of chosen) {
  for (let players = game.minSeats; players <= game.maxSeats; players++) {
    const all = createHash("sha256");
    let actions = 0;
    for (let i = 0; i < count; i++) {
      const seed = `${values.seed}-${i}`;
      const { log } = playOut(game, { seed, seats: players });
      actions += log.length;
      const { digest } = replayDigest(game, { seed, seats: players, options: null, log });
      all.update(JSON.stringify(log) + digest);
    }
    console.log(`${game.id} ${players} players: ${count} games, ${actions} actions, ${all.digest("hex")}`);
  }
}
