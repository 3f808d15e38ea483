/**
 * What a person did just before a crash is still there after it (issue #15 items 3 and 4): a
 * real server process is killed with SIGKILL right after a person made steps of their turn they
 * could take back and wrote a chat line another client had received. After the restart the same
 * steps can be taken back, one by one, to the same game; the line is in the chat, which goes on
 * (a spectator still writes where the table allows it); the game goes on to its end, stored
 * exactly as played. On the embedded PGlite, or on PostgreSQL when
 * TEST_DATABASE_URL names a server (as in CI).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@colyseus/sdk";
import { scratchPostgres } from "@saloon/db/testing";
import { type ActionBase, createRandom, replay } from "@saloon/engine";
import { type MatchDetail, TABLE_ROOM } from "@saloon/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServer } from "./process-harness.ts";
import { type Recorder, record, sleep, testGames, token } from "./test-support.ts";

const fistful = testGames.fistful!;

const undoCount = (player: Recorder): number => player.latest.seats[player.seat!]?.secret?.undo ?? 0;
/** An option of the person's prompt that the table says would not be final (it could be taken back), or null. */
async function openOption(player: Recorder): Promise<ActionBase | null> {
  for (const option of player.prompt()?.options.slice(0, 12) ?? []) {
    const checks = player.messages.filter((m) => m.type === "step-check").length;
    player.room.send("check-step", option);
    const answer = await player.until(() => player.messages.filter((m) => m.type === "step-check")[checks], "the step's check");
    if (!(answer.payload as { final: boolean }).final) return option;
  }
  return null;
}

/** The person answers every prompt of theirs with the game's bot (the server's bot plays the other seat) until `stop` holds. */
async function playUntil(player: Recorder, stop: () => boolean): Promise<void> {
  const random = createRandom("crash-undo-chat");
  for (let i = 0; i < 3000 && !stop(); i++) {
    if (player.latest.status === "playing" && player.prompt()) await player.act(fistful.bot(player.view(), player.prompt()!, random) as ActionBase);
    else await sleep(5);
  }
  expect(stop(), `stuck at version ${player.latest.version}, ${player.latest.status}, prompt ${player.prompt()?.kind}, undo ${undoCount(player)}, errors ${JSON.stringify(player.errors())}`).toBe(true);
}

describe("a server killed right after a person's undoable steps and chat line", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("lets the person take the same steps back after the restart, shows the line, and the game goes on to its stored end", async () => {
    let env: Record<string, string>;
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL);
      cleanups.push(() => scratch.drop());
      env = { DATABASE_URL: scratch.url };
    } else {
      const dir = mkdtempSync(join(tmpdir(), "saloon-crash-undo-"));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      env = { PGLITE_DIR: join(dir, "pglite") };
    }
    env = { ...env, BOT_DELAY_MS: "0", RATE_LIMIT_PER_SECOND: "1000", RATE_LIMIT_BURST: "1000" };
    const port = await freePort();
    let server = await startServer(port, env);
    cleanups.push(() => server.kill("SIGKILL"));

    const annToken = token("Ann");
    const ann = await record("Ann", new Client(server.url).create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], spectatorChat: true, name: "Ann", token: annToken }));
    const tableId = ann.room.roomId;
    const cy = await record("Cy", new Client(server.url).joinById(tableId, { spectate: true, name: "Cy", token: token("Cy") }));
    for (const client of [ann, cy]) client.room.reconnection.enabled = false;
    await ann.until(() => ann.latest.status === "playing", "the start");

    // Two steps in a row of a turn of Ann's that can be taken back, each chosen among her
    // options by asking the table whether it would be final (where there is none, the game is
    // played on a step and the next chance taken).
    const before: { view: unknown; version: number }[] = [];
    let earlier = 0;
    for (let tries = 0; before.length < 2 && tries < 200; tries++) {
      const from = ann.latest.version;
      await playUntil(ann, () => ann.prompt() !== null && ann.latest.version > from);
      before.length = 0;
      earlier = undoCount(ann);
      for (let option = await openOption(ann); option && before.length < 2; option = before.length < 2 ? await openOption(ann) : null) {
        before.push({ view: ann.view(), version: ann.latest.version });
        await ann.act(option);
        await ann.until(() => undoCount(ann) === earlier + before.length, "the step in the window", 1000);
      }
    }
    expect(before).toHaveLength(2);
    const version = ann.latest.version;
    // The line reaches the spectator; the process dies at once.
    ann.room.send("chat", { text: "oops, wrong cattle" });
    await cy.until(() => cy.chatLines().length === 1, "the line at the spectator's");
    await server.kill("SIGKILL");

    server = await startServer(port, env);
    const back = await record("Ann back", new Client(server.url).joinById(tableId, { name: "Ann", token: annToken }));
    back.room.reconnection.enabled = false;
    await back.until(() => back.latest.version === version && undoCount(back) === earlier + 2, "the game as left, its steps to take back");
    await back.until(() => back.chatLines().length === 1, "the chat");
    expect(back.chatLines()).toEqual(cy.chatLines());
    expect(back.chatLines()[0]).toMatchObject({ index: 0, seat: 0, name: "Ann", move: version, text: "oops, wrong cattle" });
    // The spectator comes back to the chat too, and may still write (the table's option was stored with it).
    const cyBack = await record("Cy back", new Client(server.url).joinById(tableId, { spectate: true, name: "Cy", token: token("Cy") }));
    await cyBack.until(() => cyBack.chatLines().length === 1, "the chat at the spectator's");
    cyBack.room.send("chat", { text: "hello from the rail" });
    await back.until(() => back.chatLines().length === 2, "the spectator's line");
    expect(back.chatLines()[1]).toMatchObject({ index: 1, seat: null, name: "Cy", move: version });

    for (let taken = 1; taken <= 2; taken++) {
      const logs = back.logMessages().length;
      back.room.send("undo");
      await back.until(() => back.logMessages().length > logs && back.latest.version === before[2 - taken]!.version, `take-back ${taken}`);
      expect(back.errors()).toEqual([]);
      expect(back.view()).toEqual(before[2 - taken]!.view);
      expect(undoCount(back)).toBe(earlier + 2 - taken);
    }
    // Steps of the turn before those two (if any) can be taken back too, back to the turn's start.
    for (let left = earlier; left > 0; left--) {
      const at = back.latest.version;
      back.room.send("undo");
      await back.until(() => back.latest.version === at - 1 && undoCount(back) === left - 1, "an earlier step taken back");
    }
    const refusal = back.nextError();
    back.room.send("undo");
    expect((await refusal).code).toBe("NOTHING_TO_UNDO");

    // The game goes on (the bot too) to its end; what is stored is what was played, line included.
    back.room.send("chat", { text: "better now" });
    await playUntil(back, () => back.latest.status === "finished");
    let detail: MatchDetail | null = null;
    for (let attempt = 0; attempt < 100 && !detail; attempt++) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/matches/${tableId}`);
      if (answer.ok) detail = (await answer.json()) as MatchDetail;
      else await sleep(100);
    }
    expect(detail!.actions).toHaveLength(back.latest.version);
    const end = replay(fistful, detail!.seed, 2, detail!.options, detail!.actions.map((row) => ({ seat: row.seat, action: row.action })));
    expect(fistful.scores(end)).toEqual(detail!.scores);
    expect(detail!.chat.map((line) => [line.index, line.move, line.text])).toEqual([
      [0, version, "oops, wrong cattle"],
      [1, version, "hello from the rail"],
      [2, before[0]!.version - earlier, "better now"],
    ]);
    await back.room.leave(true);
    await cyBack.room.leave(true);
    await server.kill("SIGTERM");
  }, 240_000);
});
