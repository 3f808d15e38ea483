/**
 * Records the stored matches each game's `fixtures.test.ts` replays (seed + bot action log +
 * digest of every state and view): `pnpm fixtures:record`. Run it only when a change is meant to
 * alter games, together with a `rulesVersion` bump; the tests exist to catch every other change.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { recordFixture } from "@saloon/engine/testing";
import { elGaucho } from "@saloon/el-gaucho";
import { elPaso } from "@saloon/el-paso";
import { fistful } from "@saloon/fistful";
import type { AnyGame } from "@saloon/engine";

const matches: [AnyGame, string, number, unknown?][] = [
  [fistful, "fixture-a", 2],
  [fistful, "fixture-b", 3],
  [fistful, "fixture-c", 4],
  [elGaucho, "fixture-a", 2],
  [elGaucho, "fixture-b", 3],
  [elGaucho, "fixture-c", 4],
  [elPaso, "fixture-a", 2],
  [elPaso, "fixture-b", 3, { bSides: [1, 4, 6], starTrains: [2, 3], randomNeutrals: true, objectivePicks: "reverse" }],
  [elPaso, "fixture-c", 4, { liveScores: false }],
  [elPaso, "fixture-solo", 2, { solo: true, difficulty: 2 }],
];

const byGame = new Map<string, unknown[]>();
for (const [game, seed, seats, options] of matches) {
  const fixture = recordFixture(game, seed, seats, options);
  byGame.set(game.id, [...(byGame.get(game.id) ?? []), fixture]);
  console.log(`${game.id} ${seed}: ${seats} seats, ${fixture.log.length} actions, totals ${fixture.totals.join("/")}`);
}
for (const [id, fixtures] of byGame) {
  const path = new URL(`../../games/${id}/src/fixtures/matches.json`, import.meta.url);
  mkdirSync(new URL(".", path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(fixtures)}\n`);
}
