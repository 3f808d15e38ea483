/**
 * The person's answer on its way to the table: one answer per decision. Once a click is sent,
 * the same decision takes no second one until the table shows the answer (the seat's `acted`
 * changed: answerLanded) or refuses it. A newer version alone says nothing: with decisions
 * asked of every seat at once (El Gaucho's opening keep) a bot's answer raises it while ours is
 * still on its way and the same question is still shown; a second click then was refused as
 * NOT_YOUR_TURN. Plain TypeScript, so the rule is tested without a browser (answer-gate.test.ts).
 */
import { type AnswerMark, type TableSnapshot, answerLanded, decodeActed } from "@saloon/protocol";

function markOf(snapshot: TableSnapshot, seat: number): AnswerMark {
  return { version: snapshot.version, acted: decodeActed(snapshot, seat) };
}

export class AnswerGate {
  #sent: AnswerMark | null = null;

  /** An answer is on its way. */
  get waiting(): boolean {
    return this.#sent !== null;
  }

  /** Lets an answer to the decision shown in `snapshot` go (true), unless one is on its way already. */
  open(snapshot: TableSnapshot, seat: number): boolean {
    if (this.#sent) return false;
    this.#sent = markOf(snapshot, seat);
    return true;
  }

  /**
   * A new state arrived. Returns true when it frees the gate: it shows the answer, or the table
   * no longer plays (nothing more will be shown for it).
   */
  seen(snapshot: TableSnapshot, seat: number): boolean {
    if (!this.#sent) return false;
    if (snapshot.status !== "playing" || answerLanded(this.#sent, markOf(snapshot, seat))) {
      this.#sent = null;
      return true;
    }
    return false;
  }

  /** The answer was refused, or the connection it went out on is gone: the decision is open again. */
  clear(): void {
    this.#sent = null;
  }
}
