/**
 * Every ruling for El Gaucho in one place: where the rulebook is silent or ambiguous, what we
 * decided and where it came from. The rules code cites these by id (search "RULINGS.").
 * Source "data" = shared/data/el-gaucho.md; "ours" = decided here.
 */
export interface Ruling {
  source: "data" | "ours";
  text: string;
}

export const RULINGS = {
  reconstructedValues: {
    source: "data",
    text: "Small numbers (large/2 rounded down, at least 1), pasture sizes 3/4/5/6 at 4 players (river and forest fields as in the data sheet), cattle thief = 4, overseer = 5: reconstructions, kept in data.ts RECONSTRUCTED.",
  },
  wishDie: {
    source: "data",
    text: "The wish die is one more die of any value for this turn: an action of its own, or combined with one or two real dice for one action. Unused, it is lost at the end of the turn.",
  },
  herdsAreRuns: {
    source: "data",
    text: "A herd is a run of one breed, strictly ascending or strictly descending as laid; a display has one row, so one open herd, per breed. Sold tiles leave the game.",
  },
  hiddenInformation: {
    source: "data",
    text: "Secret: the supply's order and contents, the steppe (seen only by its user during the steppe action), pre-round hands and choices until revealed together, discarded tiles. Everything else is public, including which breed is out of a 2-player game.",
  },
  startPlayer: {
    source: "ours",
    text: "Seat 0 is the first start player; play goes clockwise (seat + 1), the start player passes to the left (seat + 1) each round, and the pre-round placement runs counter-clockwise from the start player's right neighbour (seat n-1 down to 0).",
  },
  twoPlayerBreed: {
    source: "data",
    text: "At 2 players the breed that leaves the game is drawn at random; fields not in play at this player count do not exist.",
  },
  keptTilesOrder: {
    source: "ours",
    text: "Kept pre-round tiles of the same breed form one herd; the player chooses with the tiles whether it runs ascending or descending (only runs are offered, so the reveal never forces a sale).",
  },
  areaOncePerTurn: {
    source: "ours",
    text: "Once a player has put a gaucho onto or taken one from an action area in a turn, that area is done for them this turn (the rulebook's reminder markers): a gaucho just placed cannot be used, a used field cannot be re-occupied, and a recalled field cannot be re-occupied either.",
  },
  recallAnyTime: {
    source: "ours",
    text: "A gaucho may be taken back from an own action field without its action at any time in the own turn (except the stable's, which stays until cattle come home; it may be recalled but not used in a turn). Offered only while the supply is empty: RULINGS.recallWhenShort.",
  },
  recallWhenShort: {
    source: "ours",
    text: "Taking a gaucho back from an action field without its action is offered only while the player has no gaucho in supply: with one in supply it changes nothing that could not be done later in the turn (when the supply is empty), so it is not offered as an option with no effect (issue #15). Rules version 2.",
  },
  homeOneBreedAtATime: {
    source: "ours",
    text: "When cattle come home and several breeds need a decision, they are asked one breed at a time in the fixed breed order (brown, gold, white, spotted, black): herds of different breeds never touch, so laying them in another order gives the same result; within a breed the order is the player's. Rules version 2.",
  },
  gauchosShort: {
    source: "ours",
    text: "Lying gauchos may be taken back from the pampa only while the player has no gaucho in supply (\"gauchos short\"); gauchos on action fields may always be recalled.",
  },
  fullPasture: {
    source: "ours",
    text: "A pasture is fully occupied when it holds at least one tile and every tile on it carries a gaucho; empty fields of a pasture that stopped filling at 20 do not count.",
  },
  refillAllPastures: {
    source: "ours",
    text: "At the end of each round, after the drive-home, every pasture is refilled from the smallest up (only while the supply lasts), not only the ones just emptied.",
  },
  arrivalDecisions: {
    source: "ours",
    text: "When cattle come home, each player in turn from the round's start player lays their arriving tiles; tiles of one breed are laid in the order the player chooses, and a tile that can only go to the end of its herd with no stable to use is laid automatically.",
  },
  stableFits: {
    source: "ours",
    text: "The stable puts one arriving tile between two tiles of its herd or at its front, and only where the herd stays a run (\"passend\"); the stable's gaucho returns to supply. It can be used at every drive-home, including the final one.",
  },
  thiefTakesAnyTile: {
    source: "ours",
    text: "The cattle thief may take any tile of another player's display; the victim's herd closes the gap (it stays a run). The victim gets the tile's value in pesos. A sale forced by a non-fitting stolen tile is an ordinary sale (no instant-sale bonus).",
  },
  steppeNeedsRoom: {
    source: "ours",
    text: "The steppe is offered only with a free pasture field and tiles in the steppe; 2 tiles (each ≤ 4) only with 2 free fields and 2 gauchos in supply. The player must take at least one tile. Then the steppe is refilled to 4 while the supply lasts.",
  },
  endOfGame: {
    source: "ours",
    text: "When the supply's last tile is drawn, the current round is finished, then one complete round and one dieless round are played (if it happens in the round-end refill, the complete round is the next one). After the dieless round's own drive-home of full pastures, all remaining standing gauchos take their tiles (a second arrival), then every herd is sold.",
  },
  rollIsAutomatic: {
    source: "ours",
    text: "The start player's roll of all dice happens by itself at the start of each round (no decision); dice are told apart by value only, so taking two dice is offered once per distinct pair of values.",
  },
  onlyArrivalsAreAutomatic: {
    source: "ours",
    text: "Every decision is asked, even with a single option (e.g. ending a dieless turn with nothing to use); only the laying of an arriving tile that has exactly one possible place is done by itself.",
  },
  sharedWin: {
    source: "data",
    text: "The richest player wins; equal pesos share the win (no tie-break).",
  },
  pesosBreakdown: {
    source: "ours",
    text: "Scores are pesos, broken down into sales during the game, the final sale, instant-sale bonuses and compensation received (thief and overseer).",
  },
} as const satisfies Record<string, Ruling>;

export type RulingId = keyof typeof RULINGS;
