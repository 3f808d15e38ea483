/**
 * The bots' thread's copies of tables decide as the bot does from the table's own game: the
 * actions each question brings are taken through the rules, and a copy that is missing or not
 * where the question starts is never used.
 */
import { games } from "@saloon/catalog";
import { type AnyGame, type LoggedAction, type Seat, randomFrom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { botDice } from "./bot-random.ts";
import type { BotAnswer, BotRequest } from "./bot-thinker.ts";
import { FollowedTables } from "./bot-mirror.ts";

const elPaso = games["el-paso"]!;

/** A table played by its bots, step by step, as the server holds it. */
class Table {
  state: unknown;
  readonly log: LoggedAction[] = [];
  constructor(readonly seed: string, seats: number) {
    this.state = elPaso.setup(seed, seats, elPaso.defaultOptions);
  }
  get prompt() {
    return elPaso.prompts(this.state)[0]!;
  }
  /** What the bot decides here for the seat asked now. */
  inline(): unknown {
    const prompt = this.prompt;
    return elPaso.bot(elPaso.view(this.state, prompt.seat), prompt, randomFrom(botDice(this.seed, this.log.length, prompt.seat)));
  }
  play(action: unknown): void {
    const seat = this.prompt.seat;
    const result = elPaso.apply(this.state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    this.state = result.state;
    this.log.push({ seat, action: action as LoggedAction["action"] });
  }
}

let nextId = 0;
function request(table: number, at: Table, from: number | "base", seat: Seat = at.prompt.seat): BotRequest {
  const dice = botDice(at.seed, at.log.length, seat);
  if (from === "base") return { id: ++nextId, game: "el-paso", table, base: { state: at.state, moves: at.log.length }, fromMove: at.log.length, actions: [], seat, dice };
  return { id: ++nextId, game: "el-paso", table, fromMove: from, actions: at.log.slice(from), seat, dice };
}

const actionOf = (answer: BotAnswer) => {
  if (!("action" in answer)) throw new Error(`no action: ${JSON.stringify(answer)}`);
  return answer.action;
};

describe("the bots' thread's copies of tables", () => {
  it("decide every decision of two tables played side by side as the bot does at the table, given only the actions since each table's last question", () => {
    const copies = new FollowedTables();
    const tables = [new Table("mirror-a", 4), new Table("mirror-b", 2)];
    const given = [-1, -1];
    let asked = 0;
    for (let step = 0; step < 400; step++) {
      const t = step % 3 === 0 ? 1 : 0;
      const table = tables[t]!;
      if (elPaso.isOver(table.state)) continue;
      // Now and then the table's people play a few steps with no question in between.
      if (step % 7 === 3) {
        table.play(table.inline());
        continue;
      }
      const answer = copies.answer(request(t, table, given[t] === -1 ? "base" : given[t]!));
      expect(actionOf(answer), `${table.seed}, move ${table.log.length}`).toEqual(table.inline());
      given[t] = table.log.length;
      table.play(actionOf(answer));
      asked += 1;
    }
    expect(asked).toBeGreaterThan(250);
    expect(copies.size).toBe(2);
  });

  it("never use a copy that is missing, forgotten, or at another move; the whole game sent again mends it", () => {
    const copies = new FollowedTables();
    const table = new Table("mirror-c", 3);
    // Unknown: nothing was ever sent.
    expect(copies.answer(request(7, table, 0))).toMatchObject({ unavailable: "the bots' thread has no copy of table 7" });
    expect(actionOf(copies.answer(request(7, table, "base")))).toEqual(table.inline());
    table.play(table.inline());
    table.play(table.inline());
    // A question lost on its way: the next one starts where the copy is not.
    expect(copies.answer(request(7, table, 1))).toMatchObject({ unavailable: "the bots' thread has table 7 at move 0, not 1" });
    // A copy that failed to follow is dropped, not kept at its old move.
    expect(copies.has(7)).toBe(false);
    expect(actionOf(copies.answer(request(7, table, "base")))).toEqual(table.inline());
    copies.forget(7);
    expect(copies.answer(request(7, table, 2))).toMatchObject({ unavailable: "the bots' thread has no copy of table 7" });
  });

  it("a step taken back: the table's game before it, sent whole, is what the copy decides from", () => {
    const copies = new FollowedTables();
    const table = new Table("mirror-d", 2);
    expect(actionOf(copies.answer(request(1, table, "base")))).toEqual(table.inline());
    const before = table.state;
    table.play(table.inline());
    expect(actionOf(copies.answer(request(1, table, 0)))).toEqual(table.inline());
    // Taken back: the table is at `before` again, with one action fewer.
    table.state = before;
    table.log.length = 0;
    expect(actionOf(copies.answer(request(1, table, "base")))).toEqual(table.inline());
  });

  it("a move the rules refuse, or a seat that owes nothing, leaves no copy behind", () => {
    const copies = new FollowedTables();
    const table = new Table("mirror-e", 2);
    copies.answer(request(2, table, "base"));
    const seat = table.prompt.seat;
    const wrong = { id: ++nextId, game: "el-paso", table: 2, fromMove: 0, actions: [{ seat, action: { type: "no-such-action" } }], seat, dice: botDice("x", 0, 0) } as BotRequest;
    expect(copies.answer(wrong)).toMatchObject({ unavailable: "table 2's move 1 was refused in the bots' thread: UNKNOWN_ACTION" });
    expect(copies.has(2)).toBe(false);
    copies.answer(request(2, table, "base"));
    const idle = ((seat + 1) % 2) as Seat;
    expect(copies.answer(request(2, table, 0, idle))).toMatchObject({ unavailable: `seat ${idle} of table 2 owes no decision at move 0` });
    // The copy itself was up to date: it stays.
    expect(copies.has(2)).toBe(true);
  });

  it("keep at most their limit of tables, dropping the one asked about longest ago", () => {
    const copies = new FollowedTables(2);
    const table = new Table("mirror-f", 2);
    copies.answer(request(1, table, "base"));
    copies.answer(request(2, table, "base"));
    copies.answer(request(1, table, 0));
    copies.answer(request(3, table, "base"));
    expect([copies.has(1), copies.has(2), copies.has(3)]).toEqual([true, false, true]);
  });

  it("tell a game they do not know, and a bot that threw, from a decision", () => {
    const throwing: AnyGame = {
      ...elPaso,
      bot: () => {
        throw new Error("the bot's own fault");
      },
    };
    const copies = new FollowedTables(10, (id) => (id === "el-paso" ? throwing : undefined));
    const table = new Table("mirror-g", 2);
    expect(copies.answer(request(1, table, "base"))).toMatchObject({ failed: "the bot's own fault" });
    // The bot's fault is not the copy's: it stays.
    expect(copies.has(1)).toBe(true);
    expect(copies.answer({ ...request(1, table, 0), game: "nope" })).toMatchObject({ unavailable: 'no game "nope" in the bots\' thread' });
  });
});
