/**
 * The bots' thread decides exactly as the bot does on the main thread, from its copy of the table
 * brought up to date by each question (bot-mirror.ts) and the same dice; a bot that throws there
 * is told apart from a thread that cannot decide; a thread that was closed (or lost) answers what
 * waited on it and starts again when asked; a thread stuck in a decision is ended.
 */
import { games } from "@saloon/catalog";
import { type LoggedAction, type RngState, type Seat, randomFrom } from "@saloon/engine";
import { readFileSync, readdirSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { botDice } from "./bot-random.ts";
import { BOT_THREAD_NICENESS, BotFailed, type BotQuestion, BotThinker, BotThreadUnavailable } from "./bot-thinker.ts";

const elPaso = games["el-paso"]!;
const lost: Error[] = [];
const thinker = new BotThinker(new Set(["el-paso"]), (error) => lost.push(error));
afterAll(() => thinker.close());

let tableKeys = 1000;
/** A question with the table's whole game, as a table's first one. */
function first(state: unknown, moves: number, seat: Seat, dice: RngState): BotQuestion {
  return { table: ++tableKeys, base: { state, moves }, fromMove: moves, actions: [], seat, dice };
}

describe("the bots' thread", () => {
  it("decides every decision of El Paso games as the bot does on the main thread, given each table's actions since its last question", async () => {
    let decisions = 0;
    for (const [seed, seats] of [["thread-a", 4], ["thread-b", 3]] as const) {
      const table = ++tableKeys;
      let state = elPaso.setup(seed, seats, elPaso.defaultOptions);
      const log: LoggedAction[] = [];
      let given = -1;
      for (let move = 0; move < 120 && !elPaso.isOver(state); move++) {
        const prompt = elPaso.prompts(state)[0]!;
        const dice = botDice(seed, move, prompt.seat);
        const here = elPaso.bot(elPaso.view(state, prompt.seat), prompt, randomFrom(dice));
        // Every third move is a person's: the thread hears of it with the next question.
        let chosen = here;
        if (move % 3 !== 2) {
          const question: BotQuestion =
            given === -1 ? { table, base: { state, moves: move }, fromMove: move, actions: [], seat: prompt.seat, dice } : { table, fromMove: given, actions: log.slice(given), seat: prompt.seat, dice };
          chosen = await thinker.decide("el-paso", question);
          expect(chosen, `${seed}, move ${move} (${prompt.kind})`).toEqual(here);
          given = move;
          decisions += 1;
        }
        const applied = elPaso.apply(state, prompt.seat, chosen);
        if (!applied.ok) throw new Error(applied.error.message);
        state = applied.state;
        log.push({ seat: prompt.seat, action: chosen as LoggedAction["action"] });
      }
    }
    expect(decisions).toBe(160);
    expect(thinker.takes("el-paso")).toBe(true);
    expect(thinker.takes("fistful")).toBe(false);
  });

  // Linux only: elsewhere a thread's priority cannot be set apart from its process's.
  it.runIf(process.platform === "linux")("runs below the event loop's priority, the process's other threads left as they were", async () => {
    const state = elPaso.setup("thread-nice", 2, elPaso.defaultOptions);
    const prompt = elPaso.prompts(state)[0]!;
    await thinker.decide("el-paso", first(state, 0, prompt.seat, botDice("thread-nice", 0, prompt.seat)));
    // /proc/<pid>/task/<tid>/stat: the niceness is the 19th field, the 17th after the command's ")".
    const niceness = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(")").pop()!.trim().split(" ")[16]);
    const threads = readdirSync("/proc/self/task").map((tid) => ({ tid, niceness: niceness(tid) }));
    // The main thread as it was started (a CI runner may itself run niced): the bots' thread below it, never above.
    const main = threads.find((thread) => thread.tid === String(process.pid))!.niceness;
    const lowered = Math.max(main, BOT_THREAD_NICENESS);
    expect(threads.filter((thread) => thread.niceness === lowered)).toHaveLength(main < BOT_THREAD_NICENESS ? 1 : threads.length);
    expect(threads.every((thread) => thread.niceness === main || thread.niceness === lowered)).toBe(true);
  });

  it("answers the questions of several tables in flight at once, each as the bot does at its table", async () => {
    const tables = (["thread-f", "thread-g", "thread-h"] as const).map((seed, i) => {
      const state = elPaso.setup(seed, 2 + i, elPaso.defaultOptions);
      const prompt = elPaso.prompts(state)[0]!;
      const dice = botDice(seed, 0, prompt.seat);
      return { question: first(state, 0, prompt.seat, dice), here: elPaso.bot(elPaso.view(state, prompt.seat), prompt, randomFrom(dice)) };
    });
    const decidedBefore = thinker.answers.decided;
    expect(await Promise.all(tables.map((table) => thinker.decide("el-paso", table.question)))).toEqual(tables.map((table) => table.here));
    expect(thinker.answers.decided - decidedBefore).toBe(3);
  });

  it("tells a game it does not know, and a table it has no copy of, from a decision; a forgotten table is one it has no copy of", async () => {
    const state = elPaso.setup("thread-c", 2, elPaso.defaultOptions);
    const prompt = elPaso.prompts(state)[0]!;
    const dice = botDice("thread-c", 0, prompt.seat);
    const question = first(state, 0, prompt.seat, dice);
    await expect(thinker.decide("no-such-game", question)).rejects.toBeInstanceOf(BotThreadUnavailable);
    await expect(thinker.decide("el-paso", { ...question, base: undefined })).rejects.toThrow(`the bots' thread has no copy of table ${question.table}`);
    // Neither took the thread down.
    const here = elPaso.bot(elPaso.view(state, prompt.seat), prompt, randomFrom(dice));
    expect(await thinker.decide("el-paso", question)).toEqual(here);
    expect(await thinker.decide("el-paso", { ...question, base: undefined })).toEqual(here);
    thinker.forget(question.table);
    await expect(thinker.decide("el-paso", { ...question, base: undefined })).rejects.toBeInstanceOf(BotThreadUnavailable);
    expect(lost).toEqual([]);
  });

  it("answers what waited when it is closed, and starts again at the next decision", async () => {
    const state = elPaso.setup("thread-d", 4, elPaso.defaultOptions);
    const prompt = elPaso.prompts(state)[0]!;
    const dice = botDice("thread-d", 0, prompt.seat);
    const question = first(state, 0, prompt.seat, dice);
    const waiting = expect(thinker.decide("el-paso", question)).rejects.toBeInstanceOf(BotThreadUnavailable);
    await thinker.close();
    await waiting;
    expect(await thinker.decide("el-paso", question)).toEqual(elPaso.bot(elPaso.view(state, prompt.seat), prompt, randomFrom(dice)));
    // Closing is not a loss: nothing to report, and no pause before the thread starts again.
    expect(lost).toEqual([]);
  });

  it("ends a thread stuck in a decision: that one fails as a bot that threw, those behind it are decided here, the next starts a new thread", async () => {
    // A thread of the test's own: "echo" answers the table's key at once, "slow" after 100 ms,
    // "hang" never, "fail" as a bot that threw.
    const source = `const { parentPort } = require("node:worker_threads");
      parentPort.on("message", (r) => {
        if (r.game === "hang") for (;;) {}
        if (r.game === "slow") { const until = Date.now() + 100; while (Date.now() < until) {} }
        parentPort.postMessage(r.game === "fail" ? { id: r.id, failed: "thrown" } : { id: r.id, action: r.table });
      });`;
    let started = 0;
    const lostHere: Error[] = [];
    const stuckThinker = new BotThinker(new Set(["echo"]), (error) => lostHere.push(error), {
      // Far above a slow decision: under CI's load a thread may wait its turn for a core, and its start counts too.
      stallMs: 5_000,
      startWorker: () => {
        started += 1;
        return new Worker(source, { eval: true });
      },
    });
    const dice = botDice("thread-e", 0, 0);
    const ask = (game: string, table: number) => stuckThinker.decide(game, { table, fromMove: 0, actions: [], seat: 0, dice });
    try {
      // Slow decisions that keep coming back are no stall, though the queue takes longer than the limit (~6 s).
      const queued = Array.from({ length: 60 }, (_, i) => i);
      const slow = await Promise.all(queued.map((n) => ask("slow", n)));
      expect(slow).toEqual(queued);
      expect(lostHere).toEqual([]);
      // A bot that threw in the thread is told apart from a thread that cannot decide.
      await expect(ask("fail", 1)).rejects.toBeInstanceOf(BotFailed);

      const hung = ask("hang", 2);
      const behind = ask("echo", 3);
      await expect(hung).rejects.toBeInstanceOf(BotFailed);
      await expect(behind).rejects.toBeInstanceOf(BotThreadUnavailable);
      expect(lostHere.map((error) => error.message)).toEqual(["the bot did not decide within 5000 ms; its thread was ended"]);
      // No pause before the next thread: the stuck one was one decision, not a thread that cannot start.
      expect(await ask("echo", 4)).toBe(4);
      expect(started).toBe(2);
    } finally {
      await stuckThinker.close();
    }
  }, 60_000);
});
