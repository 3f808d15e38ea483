/**
 * "Confirm before ending my turn" (issue #15 item 3), a choice each person makes for themselves
 * and that this browser remembers. With it on, every step is first checked with the server
 * ("check-step"): a step that could not be taken back (it ends the turn, or draws or reveals
 * something) waits for a yes; any other step goes at once, since Undo can take it back.
 */
import type { Option } from "../games/types.ts";
import type { TableSession } from "./table.svelte.ts";

const KEY = "saloon.confirmTurnEnd";

export interface PendingStep {
  option: Option;
  /** It hands the turn on; otherwise it draws or reveals something. */
  endsTurn: boolean;
}

export class TurnConfirm {
  enabled = $state(localStorage.getItem(KEY) === "on");
  pending = $state<PendingStep | null>(null);
  checking = $state(false);

  constructor(private readonly session: TableSession) {}

  setEnabled(on: boolean): void {
    this.enabled = on;
    localStorage.setItem(KEY, on ? "on" : "off");
    if (!on) this.pending = null;
  }

  async act(option: Option): Promise<void> {
    if (!this.enabled) return this.session.act(option);
    if (this.checking || this.session.busy) return;
    this.pending = null;
    this.checking = true;
    const check = await this.session.checkStep(option).finally(() => (this.checking = false));
    // An unanswered check is treated as final: better one question too many than a turn lost.
    if (check && !check.final) return this.session.act(option);
    this.pending = { option, endsTurn: check?.endsTurn ?? false };
  }

  confirm(): void {
    const step = this.pending;
    this.pending = null;
    if (step) this.session.act(step.option);
  }

  cancel(): void {
    this.pending = null;
  }
}
