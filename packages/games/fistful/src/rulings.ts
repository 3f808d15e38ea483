/**
 * Every ruling for A Fistful of Meeples in one place: where the rulebook is silent or ambiguous,
 * what we decided and where it came from. The rules code cites these by id (search "RULINGS.").
 * Source "data" = shared/data/fistful.md; "ours" = decided here, mentioned in the closing note.
 */
export interface Ruling {
  source: "data" | "ours";
  text: string;
}

export const RULINGS = {
  oneBarPerTurn: {
    source: "data",
    text: "At the end of a turn a player takes at most one gold bar (the rulebook says 'the' bar), the cheapest remaining one, and must take it if they hold enough gold.",
  },
  overflowToSaloon: {
    source: "data",
    text: "When no free space is left on the ring, the meeples still in hand go to the Saloon.",
  },
  emptyBagDrawsWhatIsLeft: {
    source: "data",
    text: "Drawing from a bag that runs empty draws what is left, nothing more.",
  },
  namingIsForced: {
    source: "data",
    text: "Placing on a showdown space while already controlling the other one forces the player to name another player, whose token goes under the new meeple.",
  },
  doubleDeathLastGrave: {
    source: "data",
    text: "If both meeples die with one grave left, one takes the grave and the other leaves the game; both are of the same type (equal rank), so which one is immaterial.",
  },
  noSignNoBuild: {
    source: "data",
    text: "A player with no sign left in supply cannot build.",
  },
  hiddenInformation: {
    source: "data",
    text: "The bag is known by its counts of gold, stone and dynamite; its draws and the RNG state are secret. Everything else is public.",
  },
  startPlayer: {
    source: "ours",
    text: "Seat 0 is the start player; whoever seats the players decides who that is. Turn order is clockwise, seat 0, 1, 2, ...",
  },
  drawOrderOnDoubleDeath: {
    source: "ours",
    text: "When both showdown meeples die, both controllers draw as winners: the active player first, then the other (matters only for dynamite).",
  },
  rerollOnlyWhenItCanHelp: {
    source: "ours",
    text: "The reroll is offered to the controller of the higher-ranked meeple only while their roll is lower than the other; with an equal or higher roll they already win and keep it.",
  },
  forcedChoicesAreAutomatic: {
    source: "ours",
    text: "A decision with exactly one legal answer (one meeple type left in hand, one other player to name, one thing left to resolve, the last free corner) is taken automatically.",
  },
  madameAsOnlyMeeple: {
    source: "ours",
    text: "The madame is never chosen for a showdown space while another meeple is in hand; if she is the last one, she goes to the Saloon and the placing ends. This includes a Saloon or Jail turn that takes the madame alone and starts on a free showdown space (a free choice in 2B): she goes back to the Saloon, a turn without effect.",
  },
  dynamiteAfterTheDraw: {
    source: "ours",
    text: "A dynamite drawn in a draw of several pieces counts as one of them and explodes after the whole draw is taken, once per dynamite drawn: the drawing player's new stone is halved with everybody else's, and stone returned by the explosion cannot be drawn again in the same draw. The German rulebook ('Nachdem du einen Dynamitwürfel aus dem Beutel gezogen hast') leaves the moment open; the English rulebook ('After resolving a Meeple that causes you to draw a Dynamite piece') and the licensed online edition explode after the draw. Rules version 2; version 1 exploded each dynamite the moment it was drawn.",
  },
  madameGermanAndEnglish: {
    source: "ours",
    text: "The German rulebook sends the madame to the Saloon instead of a showdown space only when she is the last meeple in hand ('Falls die Wirtin der letzte Meeple in deiner Hand ist'); the English wording (shared/data) says only that she never goes on a showdown space and goes to the Saloon if she would. We follow the German: while another meeple is in hand the player must put that one on the showdown space (madameAsOnlyMeeple), so the madame is never wasted by choice; both wordings agree when she is the last meeple.",
  },
} as const satisfies Record<string, Ruling>;

export type RulingId = keyof typeof RULINGS;

/** The bar limit named by RULINGS.oneBarPerTurn. */
export const BARS_PER_TURN = 1;
