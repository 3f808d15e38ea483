/**
 * The person's answer on its way to the table: one answer per decision. Once a click is sent,
 * the same decision takes no second one until the table shows the answer (the seat's `acted`
 * changed: answerLanded) or refuses it. A newer version alone says nothing: with decisions
 * asked of every seat at once (El Gaucho's opening keep) a bot's answer raises it while ours is
 * still on its way and the same question is still shown; a second click then was refused as
 * NOT_YOUR_TURN. A take-back ("undo") goes through the same gate: its patch changes `acted` too,
 * so an answer sent before it would have been taken as landed by the undo's patch. Only the
 * refusal of what is out frees it (ErrorMessage.request): a chat line or a step check refused
 * meanwhile does not. Plain TypeScript, so the rule is tested without a browser (answer-gate.test.ts).
 */
import { type AnswerMark, type ClientMessageType, type ErrorMessage, type TableSnapshot, answerLanded, decodeActed, refuses } from "@saloon/protocol";

/** What goes through the gate: an answer, or a step taken back. */
export type GatedRequest = Extract<ClientMessageType, "action" | "undo">;

function markOf(snapshot: TableSnapshot, seat: number): AnswerMark {
  return { version: snapshot.version, acted: decodeActed(snapshot, seat) };
}

export class AnswerGate {
  #sent: { mark: AnswerMark; request: GatedRequest } | null = null;

  /** An answer (or an undo) is on its way. */
  get waiting(): boolean {
    return this.#sent !== null;
  }

  /**
   * Lets a request about the decision shown in `snapshot` go (true), unless one is on its way
   * already: an answer or an undo, whichever it was.
   */
  open(snapshot: TableSnapshot, seat: number, request: GatedRequest = "action"): boolean {
    if (this.#sent) return false;
    this.#sent = { mark: markOf(snapshot, seat), request };
    return true;
  }

  /**
   * A new state arrived. Returns true when it frees the gate: it shows the answer (or the undo),
   * or the table no longer plays (nothing more will be shown for it).
   */
  seen(snapshot: TableSnapshot, seat: number): boolean {
    if (!this.#sent) return false;
    if (snapshot.status !== "playing" || answerLanded(this.#sent.mark, markOf(snapshot, seat))) {
      this.#sent = null;
      return true;
    }
    return false;
  }

  /**
   * An error came. Returns true when it refuses what is on its way, which frees the gate: it names
   * that request, or none (a server before ErrorMessage.request: any error frees it, as before).
   */
  refused(error: ErrorMessage): boolean {
    if (!this.#sent || !refuses(error, this.#sent.request)) return false;
    this.#sent = null;
    return true;
  }

  /** The connection it went out on is gone: the decision is open again. */
  clear(): void {
    this.#sent = null;
  }
}
