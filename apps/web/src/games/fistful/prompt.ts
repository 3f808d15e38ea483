/** The questions Fistful asks, in plain words, and the labels of its non-board buttons. */
import type { Prompt } from "@saloon/engine";
import { type FistfulView, MEEPLE_TYPES, SIGN_COST, type BuildingId } from "@saloon/fistful";
import { seatName } from "../../lib/seats.ts";
import type { Option } from "../types.ts";
import { costText, listMeeples, locationName, spaceName } from "./words.ts";

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
      return "Put your free starting sign on one of the glowing corner buildings.";
    case "take":
      return "Take all the meeples from a building, the Saloon or the Jail: click where.";
    case "start":
      return `Choose the first space for ${handText(view) || "your meeples"}: any glowing space on the street.`;
    case "direction": {
      const from = view.turn?.source;
      return `Which way do ${handText(view) || "the meeples"} go${from ? ` from ${locationName(from)}` : ""}? Click an arrow.`;
    }
    case "sow":
      return `Which meeple goes on ${spaceName(String(ctx(prompt, "space") ?? ""))}? Pick one from your hand.`;
    case "name":
      return `You already control the other showdown meeple: name the player who controls this one.`;
    case "resolve": {
      const showdown = prompt.options.some((o) => o.type === "resolveShowdown");
      return `Resolve your meeples in any order: click one on the street${showdown ? " or the showdown" : ""}.`;
    }
    case "build":
      return `Your builder stands at ${building(prompt)}. Build a sign there for ${promptCost(prompt)}?`;
    case "upgrade":
      return `A builder stands at ${building(prompt)}. Upgrade your sign there to 10 points for ${promptCost(prompt)}?`;
    case "reroll": {
      const seat = prompt.seat;
      const r = rolls(prompt, view, seat);
      return `Showdown: you rolled ${r.mine} against ${r.theirs}. Your meeple shoots better, so you may reroll once.`;
    }
    default:
      return `Decide: ${prompt.kind}.`;
  }
}

const WAITING: Record<string, string> = {
  startSign: "placing a starting sign",
  take: "choosing where to take meeples from",
  start: "choosing where to start",
  direction: "choosing a direction",
  sow: "placing meeples",
  name: "naming who controls a showdown meeple",
  resolve: "resolving meeples",
  build: "deciding whether to build a sign",
  upgrade: "deciding whether to upgrade a sign",
  reroll: "deciding whether to reroll",
};

export function describeWaiting(kind: string, _view: FistfulView): string {
  return WAITING[kind] ?? "thinking";
}

export function optionLabel(prompt: Prompt<Option>, option: Option, view: FistfulView, names: readonly string[]): string {
  switch (option.type) {
    case "build":
      return `Build a sign (${promptCost(prompt)})`;
    case "upgrade":
      return `Upgrade to 10 (${promptCost(prompt)})`;
    case "pass":
      return prompt.kind === "upgrade" ? "Keep it at 5" : "Don't build";
    case "reroll": {
      const r = rolls(prompt, view, prompt.seat);
      return `Reroll your ${r.mine}`;
    }
    case "keep": {
      const r = rolls(prompt, view, prompt.seat);
      return `Keep the ${r.mine}`;
    }
    case "name":
      return `Name ${seatName(names, Number(option.seat))}`;
    default:
      return option.type;
  }
}

export function seatOption(prompt: Prompt<Option>, seat: number): Option | null {
  if (prompt.kind !== "name") return null;
  return prompt.options.find((o) => o.type === "name" && o.seat === seat) ?? null;
}
