import { games } from "@saloon/catalog";
import { type Prompt, type RngState, type Seat, createRandom, randomFrom } from "@saloon/engine";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { botDice } from "./bot-random.ts";
import { BotFailed, type BotQuestion, type BotThinker, BotThreadUnavailable } from "./bot-thinker.ts";
import { BOT_WAIT_SPREAD, type BotTable, TableBots, botWait } from "./table-bots.ts";

describe("a bot's wait", () => {
  it("strays from the table's delay by at most the spread either way, and keeps its mean", () => {
    const random = createRandom("bot waits");
    const waits = Array.from({ length: 20_000 }, () => botWait(1000, () => random.int(0, 999_999) / 1_000_000));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000 * (1 - BOT_WAIT_SPREAD));
    expect(Math.max(...waits)).toBeLessThan(1000 * (1 + BOT_WAIT_SPREAD));
    const mean = waits.reduce((sum, wait) => sum + wait, 0) / waits.length;
    expect(mean).toBeGreaterThan(990);
    expect(mean).toBeLessThan(1010);
    // Spread over the whole range, not bunched: each fifth of it holds about a fifth of the waits.
    const fifths = [0, 0, 0, 0, 0];
    for (const wait of waits) fifths[Math.floor(((wait / 1000 - (1 - BOT_WAIT_SPREAD)) / (2 * BOT_WAIT_SPREAD)) * 5)]! += 1;
    for (const count of fifths) expect(count / waits.length).toBeCloseTo(0.2, 1);
  });

  it("the ends of the range, and no wait at the instant pace", () => {
    expect(botWait(500, () => 0)).toBe(500 * (1 - BOT_WAIT_SPREAD));
    expect(botWait(500, () => 0.5)).toBe(500);
    expect(botWait(500, () => 0.999999)).toBeCloseTo(500 * (1 + BOT_WAIT_SPREAD), 3);
    expect(botWait(0, () => 0.9)).toBe(0);
  });
});

const elPaso = games["el-paso"]!;

/**
 * A thread whose answers the test gives, one per question, in order. Each question is kept with
 * the table's game when it was asked, and the seat's view and prompt made from it, for the test to
 * decide as the thread would.
 */
class HeldThinker {
  readonly asked: { question: BotQuestion; state: unknown; view: unknown; prompt: Prompt; dice: RngState; answer(action: unknown): void; refuse(error: Error): void }[] = [];
  readonly forgotten: number[] = [];
  gameNow: () => unknown = () => null;
  takes(game: string): boolean {
    return game === "el-paso";
  }
  decide(_game: string, question: BotQuestion): Promise<unknown> {
    const state = this.gameNow();
    const prompt = elPaso.prompts(state).find((p) => p.seat === question.seat)!;
    const view = elPaso.view(state, question.seat);
    return new Promise((answer, refuse) => this.asked.push({ question, state, view, prompt, dice: question.dice, answer, refuse }));
  }
  forget(table: number): void {
    this.forgotten.push(table);
  }
}

/** An El Paso table of bots alone, its moves applied at once, its bots' thread held by the test. */
function botsOnlyTable(seed: string) {
  const thinker = new HeldThinker();
  const logged: string[] = [];
  const due: { work: () => void; cleared: boolean }[] = [];
  let state = elPaso.setup(seed, 2, elPaso.defaultOptions);
  const moves: { seat: Seat; action: unknown }[] = [];
  thinker.gameNow = () => state;
  /** Applies an action without telling the bots (which the room never does). */
  const performUntold = (seat: Seat, action: unknown) => {
    const result = elPaso.apply(state, seat, action);
    if (!result.ok) return result.error;
    state = result.state;
    moves.push({ seat, action });
    return null;
  };
  // As the room does, every accepted action is passed on to the bots (which pass it to the thread).
  let bots: TableBots | null = null;
  const table: BotTable = {
    game: elPaso,
    gameState: () => state,
    seatKind: () => "bot",
    seed,
    moveNumber: () => moves.length,
    mayMove: () => true,
    perform(seat, action) {
      const refused = performUntold(seat, action);
      if (!refused) bots?.accepted(seat, action);
      return refused;
    },
    guarded: (work) => work(),
    timers: {
      // The bots wait no time here (delayMs 0): their timers wait in a queue that `settle` runs, not on the clock.
      setTimeout: (work) => {
        const timer = { work, cleared: false };
        due.push(timer);
        return { clear: () => void (timer.cleared = true) };
      },
    },
    log: pino({ level: "debug" }, { write: (line: string) => void logged.push((JSON.parse(line) as { msg: string }).msg) }),
    delayMs: 0,
    thinker: thinker as unknown as BotThinker,
  };
  /**
   * Lets the table run until it waits on nothing but the test: the promises' callbacks (the
   * thread's answers), then the bots' due timers, over again until no timer is left. A wait on the
   * clock (5 ms) failed once in CI under load, when a timer set by an answer fell due after it.
   */
  const settle = async () => {
    for (let round = 0; round < 100; round++) {
      await new Promise((done) => setImmediate(done));
      if (due.length === 0) return;
      for (const timer of due.splice(0)) if (!timer.cleared) timer.work();
    }
    throw new Error("the bots' timers kept coming");
  };
  bots = new TableBots(table);
  /** Takes a step back to `before`, as the room does (table-room-requests.ts). */
  const takeBack = (before: unknown) => {
    state = before as typeof state;
    moves.pop();
    bots!.rewound();
  };
  return { table, moves, thinker, bots, logged, settle, takeBack, performUntold };
}

describe("bots whose decisions are made in the bots' thread", () => {
  it("perform the thread's answer, and ask again when the table moved on while it decided", async () => {
    const { table, moves, thinker, bots, settle } = botsOnlyTable("held-a");
    bots.schedule();
    await settle();
    bots.schedule();
    await settle();
    // One question for the seat while it is being decided for, however often the table schedules.
    expect(thinker.asked).toHaveLength(1);
    const first = thinker.asked[0]!;
    // Meanwhile the table moves on (as a step taken back would).
    expect(table.perform(first.prompt.seat, elPaso.bot(first.view, first.prompt, randomFrom(first.dice)))).toBeNull();
    first.answer(first.prompt.options[0]);
    await settle();
    // The answer was for a state that is gone: not performed, and the bot was asked again.
    expect(moves).toHaveLength(1);
    expect(thinker.asked).toHaveLength(2);
    const second = thinker.asked[1]!;
    expect(second.dice).toEqual(botDice("held-a", 1, second.prompt.seat));
    const chosen = elPaso.bot(second.view, second.prompt, randomFrom(second.dice));
    second.answer(chosen);
    await settle();
    expect(moves).toEqual([expect.anything(), { seat: second.prompt.seat, action: chosen }]);
  });

  it("decide here when the thread cannot, as the bot would there; a bot that threw there takes its first option", async () => {
    const { moves, thinker, bots, logged, settle } = botsOnlyTable("held-b");
    bots.schedule();
    await settle();
    const asked = thinker.asked[0]!;
    asked.refuse(new BotThreadUnavailable("the bots' thread is down"));
    await settle();
    expect(moves).toEqual([{ seat: asked.prompt.seat, action: elPaso.bot(asked.view, asked.prompt, randomFrom(asked.dice)) }]);

    bots.schedule();
    await settle();
    const next = thinker.asked[1]!;
    next.refuse(new BotFailed("the bot threw"));
    await settle();
    expect(moves[1]).toEqual({ seat: next.prompt.seat, action: next.prompt.options[0] });
    expect(logged).toContain("bot failed; taking its first option");
  });

  it("drop the answer for a seat taken back by its person while the thread decided", async () => {
    const { moves, thinker, bots, settle } = botsOnlyTable("held-c");
    bots.schedule();
    await settle();
    const asked = thinker.asked[0]!;
    bots.cancel(asked.prompt.seat);
    asked.answer(elPaso.bot(asked.view, asked.prompt, randomFrom(asked.dice)));
    await settle();
    expect(moves).toEqual([]);
  });

  it("ask again with the same dice after the process died while the thread decided, and so choose the same", async () => {
    const { table, moves, thinker, bots, settle } = botsOnlyTable("held-d");
    bots.schedule();
    await settle();
    const lost = thinker.asked[0]!;
    // The process is killed here: the question is never answered. The rebuilt table (the same
    // state, nothing stored for the move) gets new bots and a new thread.
    bots.stop();
    const rebuilt = new TableBots(table);
    rebuilt.schedule();
    await settle();
    const again = thinker.asked[1]!;
    expect(again.prompt).toEqual(lost.prompt);
    expect(again.dice).toEqual(lost.dice);
    // The rebuilt table's bots are new to the thread (a new key) and send the whole game: the new
    // thread has no copy, and the dead one's copy may hold a move that was never stored.
    expect(again.question.table).not.toBe(lost.question.table);
    expect(again.question.base).toEqual({ state: table.gameState(), moves: 0 });
    again.answer(elPaso.bot(again.view, again.prompt, randomFrom(again.dice)));
    await settle();
    expect(moves).toEqual([{ seat: lost.prompt.seat, action: elPaso.bot(lost.view, lost.prompt, randomFrom(lost.dice)) }]);
  });

  it("ask with the table's whole game first, then with the actions since the last question; the whole game again after a step taken back, a question the thread could not answer, or an action it was not given", async () => {
    const { table, moves, thinker, bots, settle, takeBack, performUntold } = botsOnlyTable("held-e");
    const decideAs = async (index: number) => {
      const asked = thinker.asked[index]!;
      asked.answer(elPaso.bot(asked.view, asked.prompt, randomFrom(asked.dice)));
      await settle();
    };
    bots.schedule();
    await settle();
    const firstQuestion = thinker.asked[0]!.question;
    expect(firstQuestion.base).toEqual({ state: thinker.asked[0]!.state, moves: 0 });
    expect(firstQuestion).toMatchObject({ fromMove: 0, actions: [] });
    await decideAs(0);
    expect(moves).toHaveLength(1);
    // A person's step (here the table's own) comes between: both go with the next question.
    const personal = elPaso.prompts(table.gameState())[0]!;
    expect(table.perform(personal.seat, elPaso.bot(elPaso.view(table.gameState(), personal.seat), personal, randomFrom(botDice("held-e", 1, personal.seat))))).toBeNull();
    bots.schedule();
    await settle();
    const second = thinker.asked[1]!.question;
    expect(second.base).toBeUndefined();
    expect(second).toMatchObject({ table: firstQuestion.table, fromMove: 0, actions: moves.slice(0, 2) });
    await decideAs(1);

    // A step taken back: the whole game, as it is after the take-back.
    const before = thinker.asked[1]!.state;
    takeBack(before);
    bots.schedule();
    await settle();
    expect(thinker.asked[2]!.question.base).toEqual({ state: before, moves: 2 });
    // The thread could not answer (a new thread, say, without the table's copy): decided here, the whole game next time.
    thinker.asked[2]!.refuse(new BotThreadUnavailable("the bots' thread has no copy of table"));
    await settle();
    expect(moves).toHaveLength(3);
    bots.schedule();
    await settle();
    expect(thinker.asked[3]!.question.base).toEqual({ state: thinker.asked[3]!.state, moves: 3 });
    await decideAs(3);
    // An action the bots were not told of (the counts no longer add up): the whole game.
    const quiet = elPaso.prompts(table.gameState())[0]!;
    expect(performUntold(quiet.seat, quiet.options[0])).toBeNull();
    bots.schedule();
    await settle();
    expect(thinker.asked[4]!.question.base).toEqual({ state: table.gameState(), moves: 5 });
    // Done with the table: the thread may drop its copy.
    bots.stop();
    expect(thinker.forgotten).toEqual([firstQuestion.table]);
  });
});
