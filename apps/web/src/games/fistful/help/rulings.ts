/** Fistful's rulings (packages/games/fistful/src/rulings.ts) in the reader's language. */
import { RULINGS, type RulingId } from "@saloon/fistful";
import { type RulingLine, rulingLines } from "../../../help/types.ts";
import { m } from "../../../paraglide/messages.js";

/** One text per ruling of rulings.ts; a ruling without one does not compile (and help.test.ts fails). */
export const RULING_TEXT: Record<RulingId, () => string> = {
  oneBarPerTurn: m.fistful_help_ruling_oneBarPerTurn,
  overflowToSaloon: m.fistful_help_ruling_overflowToSaloon,
  emptyBagDrawsWhatIsLeft: m.fistful_help_ruling_emptyBagDrawsWhatIsLeft,
  namingIsForced: m.fistful_help_ruling_namingIsForced,
  doubleDeathLastGrave: m.fistful_help_ruling_doubleDeathLastGrave,
  noSignNoBuild: m.fistful_help_ruling_noSignNoBuild,
  hiddenInformation: m.fistful_help_ruling_hiddenInformation,
  startPlayer: m.fistful_help_ruling_startPlayer,
  drawOrderOnDoubleDeath: m.fistful_help_ruling_drawOrderOnDoubleDeath,
  rerollOnlyWhenItCanHelp: m.fistful_help_ruling_rerollOnlyWhenItCanHelp,
  forcedChoicesAreAutomatic: m.fistful_help_ruling_forcedChoicesAreAutomatic,
  madameAsOnlyMeeple: m.fistful_help_ruling_madameAsOnlyMeeple,
  dynamiteAfterTheDraw: m.fistful_help_ruling_dynamiteAfterTheDraw,
  madameGermanAndEnglish: m.fistful_help_ruling_madameGermanAndEnglish,
};

export const rulings = (): RulingLine[] => rulingLines(RULINGS, RULING_TEXT);
