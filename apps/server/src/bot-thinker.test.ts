/**
 * The bots' thread decides exactly as the bot does on the main thread, from the same view,
 * prompt and dice; a bot that throws there is told apart from a thread that cannot decide; and a
 * thread that was closed (or lost) answers what waited on it and starts again when asked; a thread
 * stuck in a decision is ended.
 */
import { games } from "@saloon/catalog";
import { type Prompt, randomFrom } from "@saloon/engine";
import { readFileSync, readdirSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { botDice } from "./bot-random.ts";
import { BOT_THREAD_NICENESS, BotFailed, BotThinker, BotThreadUnavailable } from "./bot-thinker.ts";

const elPaso = games["el-paso"]!;
const lost: Error[] = [];
const thinker = new BotThinker(new Set(["el-paso"]), (error) => lost.push(error));
afterAll(() => thinker.close());

describe("the bots' thread", () => {
  it("decides every decision of El Paso games as the bot does on the main thread", async () => {
    let decisions = 0;
    for (const [seed, seats] of [["thread-a", 4], ["thread-b", 3]] as const) {
      let state = elPaso.setup(seed, seats, elPaso.defaultOptions);
      for (let move = 0; move < 120 && !elPaso.isOver(state); move++) {
        const prompt = elPaso.prompts(state)[0]!;
        const view = elPaso.view(state, prompt.seat);
        const dice = botDice(seed, move, prompt.seat);
        const there = await thinker.decide("el-paso", view, prompt, dice);
        const here = elPaso.bot(view, prompt, randomFrom(dice));
        expect(there, `${seed}, move ${move} (${prompt.kind})`).toEqual(here);
        const applied = elPaso.apply(state, prompt.seat, there);
        if (!applied.ok) throw new Error(applied.error.message);
        state = applied.state;
        decisions += 1;
      }
    }
    expect(decisions).toBe(240);
    expect(thinker.takes("el-paso")).toBe(true);
    expect(thinker.takes("fistful")).toBe(false);
  });

  // Linux only: elsewhere a thread's priority cannot be set apart from its process's.
  it.runIf(process.platform === "linux")("runs below the event loop's priority, the process's other threads left as they were", async () => {
    const state = elPaso.setup("thread-nice", 2, elPaso.defaultOptions);
    const prompt = elPaso.prompts(state)[0]!;
    await thinker.decide("el-paso", elPaso.view(state, prompt.seat), prompt, botDice("thread-nice", 0, prompt.seat));
    // /proc/<pid>/task/<tid>/stat: the niceness is the 19th field, the 17th after the command's ")".
    const niceness = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(")").pop()!.trim().split(" ")[16]);
    const threads = readdirSync("/proc/self/task").map((tid) => ({ tid, niceness: niceness(tid) }));
    // The main thread as it was started (a CI runner may itself run niced): the bots' thread below it, never above.
    const main = threads.find((thread) => thread.tid === String(process.pid))!.niceness;
    const lowered = Math.max(main, BOT_THREAD_NICENESS);
    expect(threads.filter((thread) => thread.niceness === lowered)).toHaveLength(main < BOT_THREAD_NICENESS ? 1 : threads.length);
    expect(threads.every((thread) => thread.niceness === main || thread.niceness === lowered)).toBe(true);
  });

  it("tells a bot that threw from a game it cannot decide for", async () => {
    const state = elPaso.setup("thread-c", 2, elPaso.defaultOptions);
    const prompt = elPaso.prompts(state)[0]!;
    // A view the bot cannot read: it throws, in the thread as it would here.
    await expect(thinker.decide("el-paso", null, prompt, botDice("thread-c", 0, 0))).rejects.toBeInstanceOf(BotFailed);
    await expect(thinker.decide("no-such-game", {}, prompt as Prompt, botDice("thread-c", 0, 0))).rejects.toBeInstanceOf(BotThreadUnavailable);
    // Neither took the thread down.
    const view = elPaso.view(state, prompt.seat);
    expect(await thinker.decide("el-paso", view, prompt, botDice("thread-c", 0, 0))).toEqual(elPaso.bot(view, prompt, randomFrom(botDice("thread-c", 0, 0))));
    expect(lost).toEqual([]);
  });

  it("answers what waited when it is closed, and starts again at the next decision", async () => {
    const state = elPaso.setup("thread-d", 4, elPaso.defaultOptions);
    const prompt = elPaso.prompts(state)[0]!;
    const view = elPaso.view(state, prompt.seat);
    const dice = botDice("thread-d", 0, prompt.seat);
    const waiting = expect(thinker.decide("el-paso", view, prompt, dice)).rejects.toBeInstanceOf(BotThreadUnavailable);
    await thinker.close();
    await waiting;
    expect(await thinker.decide("el-paso", view, prompt, dice)).toEqual(elPaso.bot(view, prompt, randomFrom(dice)));
    // Closing is not a loss: nothing to report, and no pause before the thread starts again.
    expect(lost).toEqual([]);
  });

  it("ends a thread stuck in a decision: that one fails as a bot that threw, those behind it are decided here, the next starts a new thread", async () => {
    // A thread of the test's own: "echo" answers the view at once, "slow" after 100 ms, "hang" never.
    const source = `const { parentPort } = require("node:worker_threads");
      parentPort.on("message", (r) => {
        if (r.game === "hang") for (;;) {}
        if (r.game === "slow") { const until = Date.now() + 100; while (Date.now() < until) {} }
        parentPort.postMessage({ id: r.id, action: r.view });
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
    const prompt = { seat: 0, kind: "test", options: [] } as unknown as Prompt;
    const dice = botDice("thread-e", 0, 0);
    try {
      // Slow decisions that keep coming back are no stall, though the queue takes longer than the limit (~6 s).
      const queued = Array.from({ length: 60 }, (_, i) => i);
      const slow = await Promise.all(queued.map((n) => stuckThinker.decide("slow", n, prompt, dice)));
      expect(slow).toEqual(queued);
      expect(lostHere).toEqual([]);

      const hung = stuckThinker.decide("hang", "h", prompt, dice);
      const behind = stuckThinker.decide("echo", "b", prompt, dice);
      await expect(hung).rejects.toBeInstanceOf(BotFailed);
      await expect(behind).rejects.toBeInstanceOf(BotThreadUnavailable);
      expect(lostHere.map((error) => error.message)).toEqual(["the bot did not decide within 5000 ms; its thread was ended"]);
      // No pause before the next thread: the stuck one was one decision, not a thread that cannot start.
      expect(await stuckThinker.decide("echo", "c", prompt, dice)).toBe("c");
      expect(started).toBe(2);
    } finally {
      await stuckThinker.close();
    }
  }, 60_000);
});
