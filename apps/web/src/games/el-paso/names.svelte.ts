/**
 * The log names trail nodes the way the board does ("Building D", "Ann's building 3"), which
 * needs the board: log lines get only the event and the players' names, so the board on screen
 * (the live table or the replay's current move) lends its view here.
 */
import type { ElPasoView } from "@saloon/el-paso";
import type { NodeNamer } from "./log.ts";
import { nodeName } from "./prompt.ts";

/** Reactive, so log lines written before the board first showed are named again once it has. */
let shown = $state.raw<Pick<ElPasoView, "board"> | null>(null);

export function rememberView(view: Pick<ElPasoView, "board">): void {
  shown = view;
}

export function boardNamer(names: readonly string[]): NodeNamer {
  return (node, asSpace) => (node === "T00" ? "El Paso" : shown ? nodeName(node, shown, names, asSpace) : "a location on the trail");
}
