/** The questions Fistful asks, in plain words, and the labels of its non-board buttons. */
import type { Prompt } from "@saloon/engine";
import { type FistfulView, MEEPLE_TYPES, SIGN_COST, type BuildingId } from "@saloon/fistful";
import { seatName } from "../../lib/seats.ts";
import type { Option } from "../types.ts";
import { m } from "../../paraglide/messages.js";
import { costText, listMeeples, spaceName } from "./words.ts";

/** Kinds whose options are answered by clicking the board (or a seat card, for "name"). */
const BOARD_KINDS = new Set(["startSign", "take", "start", "direction", "sow", "resolve", "name"]);

export function onBoard(prompt: Prompt<Option>, _option: Option): boolean {
  return BOARD_KINDS.has(prompt.kind);
}

const ctx = (prompt: Prompt<Option>, key: string): unknown => prompt.context?.[key];

function building(prompt: Prompt<Option>): BuildingId {
  return String(ctx(prompt, "building") ?? "T1") as BuildingId;
}

function promptCost(prompt: Prompt<Option>): string {
  const b = building(prompt);
  const gold = ctx(prompt, "gold");
  const stone = ctx(prompt, "stone");
  return costText(typeof gold === "number" || typeof stone === "number" ? { gold: Number(gold ?? 0), stone: Number(stone ?? 0) } : SIGN_COST[b]);
}

function rolls(prompt: Prompt<Option>, view: FistfulView, seat: number): { mine: number; theirs: number } {
  const r = (ctx(prompt, "rolls") ?? {}) as { SL?: number; SR?: number };
  const mineLeft = view.spaces.SL?.controller === seat;
  return mineLeft ? { mine: r.SL ?? 0, theirs: r.SR ?? 0 } : { mine: r.SR ?? 0, theirs: r.SL ?? 0 };
}

function handText(view: FistfulView): string {
  const hand = view.turn?.hand;
  if (!hand) return "";
  return MEEPLE_TYPES.some((t) => hand[t] > 0) ? listMeeples(hand) : "";
}

export function describePrompt(prompt: Prompt<Option>, view: FistfulView, _names: readonly string[]): string {
  switch (prompt.kind) {
    case "startSign":
      return m.fistful_prompt_start_sign();
    case "take":
      return m.fistful_prompt_take();
    case "start":
      return m.fistful_prompt_start({ meeples: handText(view) || m.fistful_prompt_your_meeples() });
    case "direction": {
      const from = view.turn?.source;
      const meeples = handText(view) || m.fistful_prompt_the_meeples();
      return from ? m.fistful_prompt_direction_from({ meeples, location: from }) : m.fistful_prompt_direction({ meeples });
    }
    case "sow":
      return m.fistful_prompt_sow({ space: spaceName(String(ctx(prompt, "space") ?? "")) });
    case "name":
      return m.fistful_prompt_name();
    case "resolve": {
      const showdown = prompt.options.some((o) => o.type === "resolveShowdown");
      return showdown ? m.fistful_prompt_resolve_showdown() : m.fistful_prompt_resolve();
    }
    case "build":
      return m.fistful_prompt_build({ building: building(prompt), cost: promptCost(prompt) });
    case "upgrade":
      return m.fistful_prompt_upgrade({ building: building(prompt), cost: promptCost(prompt) });
    case "reroll": {
      const r = rolls(prompt, view, prompt.seat);
      return m.fistful_prompt_reroll({ mine: r.mine, theirs: r.theirs });
    }
    default:
      return m.fistful_prompt_other({ kind: prompt.kind });
  }
}

/** What another seat is busy deciding: "Bob is choosing a direction" / "Bob ist dran: eine Richtung wählen" (the table's table_is_doing). */
export function describeWaiting(kind: string, _view: FistfulView): string {
  return m.fistful_waiting({ kind });
}

export function optionLabel(prompt: Prompt<Option>, option: Option, view: FistfulView, names: readonly string[]): string {
  switch (option.type) {
    case "build":
      return m.fistful_option_build({ cost: promptCost(prompt) });
    case "upgrade":
      return m.fistful_option_upgrade({ cost: promptCost(prompt) });
    case "pass":
      return prompt.kind === "upgrade" ? m.fistful_option_keep_five() : m.fistful_option_dont_build();
    case "reroll":
      return m.fistful_option_reroll({ roll: rolls(prompt, view, prompt.seat).mine });
    case "keep":
      return m.fistful_option_keep({ roll: rolls(prompt, view, prompt.seat).mine });
    case "name":
      return m.fistful_option_name({ name: seatName(names, Number(option.seat)) });
    default:
      return option.type;
  }
}

export function seatOption(prompt: Prompt<Option>, seat: number): Option | null {
  if (prompt.kind !== "name") return null;
  return prompt.options.find((o) => o.type === "name" && o.seat === seat) ?? null;
}
