/**
 * The bots' own thread (bot-thinker.ts): a seat's decision made from the thread's copy of its
 * table (bot-mirror.ts), brought up to date with the actions each question carries, off the
 * tables' event loop.
 *
 * The thread runs at a lower priority (BOT_THREAD_NICENESS), so that it yields the CPU to the
 * tables' event loop: see bot-thinker.ts.
 */
import { parentPort } from "node:worker_threads";
import { BOT_THREAD_NICENESS, type BotForget, type BotRequest } from "./bot-thinker.ts";
import { FollowedTables } from "./bot-mirror.ts";
import { lowerThisThread } from "./thread-priority.ts";

lowerThisThread(BOT_THREAD_NICENESS);

const tables = new FollowedTables();

parentPort?.on("message", (message: BotRequest | BotForget) => {
  if ("forget" in message) return tables.forget(message.forget);
  parentPort!.postMessage(tables.answer(message));
});
