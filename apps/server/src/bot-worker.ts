/**
 * The bots' own thread (bot-thinker.ts): a seat's decision made from what the seat may see, the
 * prompt it owes and its dice, off the tables' event loop. What it gets is a copy, frozen again
 * here as the engine's own views are: a bot recognises frozen parts it has seen before by identity
 * and reads unfrozen ones afresh, and must decide as it would on the main thread.
 *
 * The thread runs at a lower priority (BOT_THREAD_NICENESS), so that it yields the CPU to the
 * tables' event loop: see bot-thinker.ts.
 */
import { parentPort } from "node:worker_threads";
import { findGame } from "@saloon/catalog";
import { deepFreeze, randomFrom } from "@saloon/engine";
import { type BotAnswer, type BotRequest, BOT_THREAD_NICENESS } from "./bot-thinker.ts";
import { lowerThisThread } from "./thread-priority.ts";

lowerThisThread(BOT_THREAD_NICENESS);

parentPort?.on("message", (request: BotRequest) => {
  let answer: BotAnswer;
  const game = findGame(request.game);
  if (!game) {
    answer = { id: request.id, unavailable: `no game "${request.game}" in the bots' thread` };
  } else {
    try {
      answer = { id: request.id, action: game.bot(deepFreeze(request.view), deepFreeze(request.prompt), randomFrom(request.dice)) };
    } catch (error) {
      answer = { id: request.id, failed: (error as Error)?.message ?? String(error) };
    }
  }
  parentPort!.postMessage(answer);
});
