/**
 * Where the order tiles are laid in changes a herd, the option's label says so (issue #15 item 7):
 * kept pre-round tiles of one breed start a herd that rises or falls from the first one laid, and
 * an arriving tile laid before the others of its breed says which come after it.
 */
import type { Prompt } from "@saloon/engine";
import type { GauchoView, Tile } from "@saloon/el-gaucho";
import { m } from "../../paraglide/messages.js";
import type { Option } from "../types.ts";
import { optionLabel } from "./prompt.ts";
import { breedName, joinAnd } from "./words.ts";

/** The order an option's laying follows, in words, or null when its order changes nothing. */
export function orderHint(prompt: Prompt<Option>, option: Option): string | null {
  const o = option as Record<string, unknown> & Option;
  if (o.type === "keep" && Array.isArray(o.tiles)) {
    const tiles = o.tiles as Tile[];
    const hints: string[] = [];
    for (const breed of [...new Set(tiles.map((t) => t.breed))]) {
      const run = tiles.filter((t) => t.breed === breed);
      if (run.length < 2) continue;
      const args = { breed: breedName(breed), first: run[0]!.value };
      hints.push(run[1]!.value > run[0]!.value ? m.gaucho_order_rising(args) : m.gaucho_order_falling(args));
    }
    return hints.length > 0 ? hints.join("; ") : null;
  }
  if (o.type === "homeLay") {
    const others = prompt.options
      .filter((x) => x.type === "homeLay" && x.breed === o.breed && x.value !== o.value)
      .map((x) => Number(x.value))
      .sort((a, b) => a - b);
    return others.length > 0 ? m.gaucho_order_lay_first({ value: Number(o.value), others: joinAnd(others.map(String)) }) : null;
  }
  return null;
}

/** `optionLabel` with the laying order added where it matters. */
export function labelWithOrder(prompt: Prompt<Option>, option: Option, view: GauchoView, names: readonly string[]): string {
  const label = optionLabel(prompt, option, view, names);
  const hint = orderHint(prompt, option);
  return hint ? `${label} (${hint})` : label;
}
