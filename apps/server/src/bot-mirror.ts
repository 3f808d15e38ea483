/**
 * The bots' thread's copies of the tables it decides for (bot-thinker.ts, bot-worker.ts). Each
 * question brings the actions its table took since the one before; the copy takes them through
 * the rules, as the table did, and the seat's view and prompt are made from it here, so the bot
 * decides from exactly what it would have been given on the main thread (the rules are
 * deterministic: the same actions from the same game make the same game).
 *
 * A copy that is missing (a new thread, a table forgotten or pushed out) or not where the question
 * starts (a question lost on its way) is never guessed at: the answer says so (`unavailable`), the
 * table decides that one here and sends its whole game with its next question.
 */
import { findGame } from "@saloon/catalog";
import { type AnyGame, deepFreeze, randomFrom } from "@saloon/engine";
import type { BotAnswer, BotRequest } from "./bot-thinker.ts";

/**
 * The most tables the thread keeps copies of; past it, the one asked about longest ago is dropped
 * (it gets its whole game sent again if it asks). A table tells the thread when it is done
 * (BotForget); this bounds what a table that never did could hold. A thousand El Paso tables'
 * copies are some tens of MB.
 */
export const MAX_FOLLOWED_TABLES = 5_000;

interface Copy {
  game: AnyGame;
  state: unknown;
  /** The table's actions this copy has taken. */
  moves: number;
}

export class FollowedTables {
  /** In the order they were last asked about, the oldest first. */
  private readonly copies = new Map<number, Copy>();

  constructor(
    private readonly max = MAX_FOLLOWED_TABLES,
    private readonly gameOf: (id: string) => AnyGame | undefined = findGame,
  ) {}

  get size(): number {
    return this.copies.size;
  }

  has(table: number): boolean {
    return this.copies.has(table);
  }

  forget(table: number): void {
    this.copies.delete(table);
  }

  /** Brings the question's table up to date and lets the bot decide for its seat. */
  answer(request: BotRequest): BotAnswer {
    const { id, table, seat } = request;
    const game = this.gameOf(request.game);
    if (!game) return { id, unavailable: `no game "${request.game}" in the bots' thread` };
    let copy = this.copies.get(table);
    // Taken out while it is brought up to date: a copy that fails to follow is dropped.
    this.copies.delete(table);
    if (request.base) copy = { game, state: deepFreeze(request.base.state), moves: request.base.moves };
    if (!copy || copy.game !== game) return { id, unavailable: `the bots' thread has no copy of table ${table}` };
    if (copy.moves !== request.fromMove) return { id, unavailable: `the bots' thread has table ${table} at move ${copy.moves}, not ${request.fromMove}` };
    let state = copy.state;
    for (const { seat: actor, action } of request.actions) {
      const result = game.apply(state, actor, action);
      if (!result.ok) return { id, unavailable: `table ${table}'s move ${copy.moves + 1} was refused in the bots' thread: ${result.error.code}` };
      state = result.state;
      copy.moves += 1;
    }
    copy.state = state;
    this.copies.set(table, copy);
    if (this.copies.size > this.max) this.copies.delete(this.copies.keys().next().value!);
    try {
      const prompt = game.prompts(state).find((p) => p.seat === seat);
      if (!prompt) return { id, unavailable: `seat ${seat} of table ${table} owes no decision at move ${copy.moves}` };
      return { id, action: game.bot(game.view(state, seat), prompt, randomFrom(request.dice)) };
    } catch (error) {
      return { id, failed: (error as Error)?.message ?? String(error) };
    }
  }
}
