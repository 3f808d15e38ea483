/** El Gaucho's rulings (packages/games/el-gaucho/src/rulings.ts) in the reader's language. */
import { RULINGS, type RulingId } from "@saloon/el-gaucho";
import { type RulingLine, rulingLines } from "../../../help/types.ts";
import { m } from "../../../paraglide/messages.js";

/** One text per ruling of rulings.ts; a ruling without one does not compile (and help.test.ts fails). */
export const RULING_TEXT: Record<RulingId, () => string> = {
  reconstructedValues: m.gaucho_help_ruling_reconstructedValues,
  wishDie: m.gaucho_help_ruling_wishDie,
  herdsAreRuns: m.gaucho_help_ruling_herdsAreRuns,
  hiddenInformation: m.gaucho_help_ruling_hiddenInformation,
  startPlayer: m.gaucho_help_ruling_startPlayer,
  twoPlayerBreed: m.gaucho_help_ruling_twoPlayerBreed,
  keptTilesOrder: m.gaucho_help_ruling_keptTilesOrder,
  areaOncePerTurn: m.gaucho_help_ruling_areaOncePerTurn,
  recallAnyTime: m.gaucho_help_ruling_recallAnyTime,
  recallWhenShort: m.gaucho_help_ruling_recallWhenShort,
  homeOneBreedAtATime: m.gaucho_help_ruling_homeOneBreedAtATime,
  gauchosShort: m.gaucho_help_ruling_gauchosShort,
  fullPasture: m.gaucho_help_ruling_fullPasture,
  refillAllPastures: m.gaucho_help_ruling_refillAllPastures,
  arrivalDecisions: m.gaucho_help_ruling_arrivalDecisions,
  stableFits: m.gaucho_help_ruling_stableFits,
  thiefTakesAnyTile: m.gaucho_help_ruling_thiefTakesAnyTile,
  steppeNeedsRoom: m.gaucho_help_ruling_steppeNeedsRoom,
  endOfGame: m.gaucho_help_ruling_endOfGame,
  rollIsAutomatic: m.gaucho_help_ruling_rollIsAutomatic,
  onlyArrivalsAreAutomatic: m.gaucho_help_ruling_onlyArrivalsAreAutomatic,
  sharedWin: m.gaucho_help_ruling_sharedWin,
  pesosBreakdown: m.gaucho_help_ruling_pesosBreakdown,
};

export const rulings = (): RulingLine[] => rulingLines(RULINGS, RULING_TEXT);
