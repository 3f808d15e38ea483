/** Great Western Trail: El Paso in the browser: board, player panels, log and prompt wording. */
import { type ElPasoView, elPaso } from "@saloon/el-paso";
import type { GameClient } from "../types.ts";
import Board from "./Board.svelte";
import { describeEvent } from "./log.ts";
import { boardNamer } from "./names.svelte.ts";
import PlayerPanel from "./PlayerPanel.svelte";
import { describePrompt, describeWaiting, onBoard, optionLabel } from "./prompt.ts";
import TableOptions from "./TableOptions.svelte";
import { categoryLabel } from "./words.ts";

export const elPasoClient: GameClient<ElPasoView> = {
  id: "el-paso",
  rules: elPaso,
  Board,
  SeatDetails: PlayerPanel,
  TableOptions,
  describeEvent: (event, names) => describeEvent(event, names, boardNamer(names)),
  describePrompt,
  describeWaiting,
  onBoard,
  optionLabel,
  waitingFor: (view) => view.waitingFor ?? [],
  categoryLabel,
  activeSeat: (view) => (view.phase?.kind === "turn" ? view.active : null),
};
