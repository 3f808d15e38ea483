/**
 * Taking back steps of one's own turn at a table (issue #15 item 3). The engine says which
 * steps may be taken back (undoBarrier: no reveal, no randomness, no other seat's turn); this
 * keeps those steps of the turn going on, each with the game as it was before it, and answers
 * an undo: one step per request, back to the start of the turn at most.
 *
 * Only a person's steps are kept: a bot's step (also a bot playing for an absent person) closes
 * the window like a turn passing, so bots and replays never see an undo. What was taken back is
 * deleted from the stored log by the room (MatchRecorder.takeBack): a move counts once stored,
 * and a taken-back step is no move; a table rebuilt after a crash replays only what remained.
 */
import { type AnyGame, type Seat, undoBarrier } from "@saloon/engine";
import type { ErrorMessage } from "@saloon/protocol";

export interface UndoStep {
  /** The step's place in the action log: taking it back cuts the log here. */
  index: number;
  seat: Seat;
  /** The game before the step. */
  before: unknown;
  /** Where the step's log events start, once it is published (null until then). */
  eventsFrom: number | null;
}

export class TurnUndo {
  private steps: UndoStep[] = [];
  /** The seat whose turn went past a step that cannot be taken back, while that turn goes on. */
  private closedFor: Seat | null = null;

  /** An accepted step: kept if it may be taken back, else the turn's earlier steps are final too. */
  accepted(game: AnyGame, index: number, seat: Seat, before: unknown, after: unknown, byPerson: boolean): void {
    const barrier = byPerson ? undoBarrier(game, before, after, seat) : "handover";
    if (barrier === null) {
      this.steps.push({ index, seat, before, eventsFrom: null });
      return;
    }
    this.steps = [];
    // A reveal or a draw in the middle of the turn: the same seat goes on deciding, and an undo
    // from it now is told why it cannot be done. Any other barrier ends the turn.
    this.closedFor = barrier === "random" || barrier === "reveal" ? seat : null;
  }

  /** The step at `index` is published: its events start at `eventsFrom`. */
  published(index: number, eventsFrom: number): void {
    const step = this.steps.find((s) => s.index === index);
    if (step) step.eventsFrom = eventsFrom;
  }

  /** How many published steps `seat` can take back now. */
  available(seat: Seat): number {
    let count = 0;
    for (const step of this.steps) if (step.seat === seat && step.eventsFrom !== null) count++;
    return count;
  }

  /**
   * Answers an undo from `seat` (which owes a decision now, or not): the step to take back,
   * removed from the turn's steps, or the typed refusal.
   */
  take(seat: Seat, owesDecision: boolean): UndoStep | ErrorMessage {
    if (!owesDecision) return { code: "NOT_YOUR_TURN", message: "You can take back steps only during your own turn" };
    const last = this.steps.at(-1);
    if (!last || last.seat !== seat) {
      return this.closedFor === seat
        ? { code: "UNDO_CLOSED", message: "Something was revealed or drawn this turn; the steps before it count" }
        : { code: "NOTHING_TO_UNDO", message: "There is no step of this turn to take back" };
    }
    this.steps.pop();
    return last;
  }

  /** The game ended or stopped: nothing can be taken back any more. */
  clear(): void {
    this.steps = [];
    this.closedFor = null;
  }
}
