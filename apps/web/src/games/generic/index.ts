/** Fallback renderer for a game without its own board: every option becomes a button. */
import { m } from "../../paraglide/messages.js";
import type { GameClient } from "../types.ts";
import GenericBoard from "./GenericBoard.svelte";

export const genericClient: GameClient<unknown> = {
  id: "generic",
  Board: GenericBoard,
  describeEvent: (event) => {
    const { type, onlyFor: _private, ...rest } = event;
    const details = Object.entries(rest)
      .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
      .join(", ");
    return details ? `${type}: ${details}.` : `${type}.`;
  },
  describePrompt: (prompt) => m.generic_prompt({ kind: prompt.kind }),
  describeWaiting: (kind) => m.generic_waiting({ kind }),
  onBoard: () => false,
  optionLabel: (_prompt, option) => {
    const { type, ...rest } = option;
    const args = Object.values(rest).map((v) => (typeof v === "string" || typeof v === "number" ? String(v) : JSON.stringify(v)));
    return [type, ...args].join(" ");
  },
  waitingFor: (view) => {
    const waiting = (view as { waitingFor?: unknown } | null)?.waitingFor;
    return Array.isArray(waiting) ? (waiting as { seat: number; kind: string }[]) : [];
  },
  categoryLabel: (category) => category,
};
