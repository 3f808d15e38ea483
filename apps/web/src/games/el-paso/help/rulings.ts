/** El Paso's rulings (packages/games/el-paso/src/rulings.ts), Sue's included, in the reader's language. */
import { RULINGS, type RulingId } from "@saloon/el-paso";
import { type RulingLine, rulingLines } from "../../../help/types.ts";
import { m } from "../../../paraglide/messages.js";

/** One text per ruling of rulings.ts; a ruling without one does not compile (and help.test.ts fails). */
export const RULING_TEXT: Record<RulingId, () => string> = {
  objectivePickOrder: m.elpaso_help_ruling_objectivePickOrder,
  spentWorkersToDiscard: m.elpaso_help_ruling_spentWorkersToDiscard,
  exchangeDrawsWorkers: m.elpaso_help_ruling_exchangeDrawsWorkers,
  noLegalDisc: m.elpaso_help_ruling_noLegalDisc,
  lightDiscsOnDarkPosts: m.elpaso_help_ruling_lightDiscsOnDarkPosts,
  duplicatesStack: m.elpaso_help_ruling_duplicatesStack,
  wildInObjectives: m.elpaso_help_ruling_wildInObjectives,
  builderPool: m.elpaso_help_ruling_builderPool,
  moveForfeits: m.elpaso_help_ruling_moveForfeits,
  bonusImmediate: m.elpaso_help_ruling_bonusImmediate,
  tiebreak: m.elpaso_help_ruling_tiebreak,
  twoDifferentWorkers: m.elpaso_help_ruling_twoDifferentWorkers,
  buildersDuringDelivery: m.elpaso_help_ruling_buildersDuringDelivery,
  finalTurns: m.elpaso_help_ruling_finalTurns,
  emptySupplies: m.elpaso_help_ruling_emptySupplies,
  trashOnlyHand: m.elpaso_help_ruling_trashOnlyHand,
  discardPileVisibility: m.elpaso_help_ruling_discardPileVisibility,
  ownedTilesPublic: m.elpaso_help_ruling_ownedTilesPublic,
  cowboysOnMove: m.elpaso_help_ruling_cowboysOnMove,
  minimalCertificates: m.elpaso_help_ruling_minimalCertificates,
  exchangeAnyTime: m.elpaso_help_ruling_exchangeAnyTime,
  usedUpSourceCloses: m.elpaso_help_ruling_usedUpSourceCloses,
  uselessActionsNotOffered: m.elpaso_help_ruling_uselessActionsNotOffered,
  startPlayer: m.elpaso_help_ruling_startPlayer,
  sueFork: m.elpaso_help_ruling_sueFork,
  sueClosestClockwise: m.elpaso_help_ruling_sueClosestClockwise,
  sueKeepsWorkers: m.elpaso_help_ruling_sueKeepsWorkers,
  sueMinimumStep: m.elpaso_help_ruling_sueMinimumStep,
  sueMaxedOut: m.elpaso_help_ruling_sueMaxedOut,
  sueRewards: m.elpaso_help_ruling_sueRewards,
  sueAfterPost16: m.elpaso_help_ruling_sueAfterPost16,
  sueSoldOut: m.elpaso_help_ruling_sueSoldOut,
  sueEmptySupply: m.elpaso_help_ruling_sueEmptySupply,
  sueWildAllFull: m.elpaso_help_ruling_sueWildAllFull,
  sueBonusVpOnly: m.elpaso_help_ruling_sueBonusVpOnly,
  sueBuildFirstPossible: m.elpaso_help_ruling_sueBuildFirstPossible,
  sueRowWorkers: m.elpaso_help_ruling_sueRowWorkers,
  sueBCards: m.elpaso_help_ruling_sueBCards,
  sueSetup: m.elpaso_help_ruling_sueSetup,
  sueTilesFaceUp: m.elpaso_help_ruling_sueTilesFaceUp,
  sueWildScoresAsPrinted: m.elpaso_help_ruling_sueWildScoresAsPrinted,
  sueStepByStep: m.elpaso_help_ruling_sueStepByStep,
};

export const rulings = (): RulingLine[] => rulingLines(RULINGS, RULING_TEXT);
