/**
 * Every ruling for Great Western Trail: El Paso in one place. Source "data" = the recommended
 * ruling of shared/data/el-paso.md §12 (its id in brackets); "ours" = decided here for the
 * engine. The rules code cites these by key (search "RULINGS.").
 */
export interface Ruling {
  source: "data" | "ours";
  text: string;
}

export const RULINGS = {
  objectivePickOrder: { source: "data", text: "[A1] Starting objectives are picked in printed order (start player first, clockwise), each replaced at once; the table option objectivePicks: \"reverse\" gives BGA's reverse order." },
  spentWorkersToDiscard: { source: "data", text: "[A2] Workers spent as a cost or for their bonus go to the personal discard pile and come back through the draw pile." },
  exchangeDrawsWorkers: { source: "data", text: "[A13] An exchange that draws a worker puts it in the worker area and keeps drawing until a cattle card is drawn (or both piles are empty); then one hand card is discarded." },
  noLegalDisc: { source: "data", text: "[A14] With no legal disc (none left, only dark discs below 10, only unaffordable negative discs) no disc is placed and no reward taken; the rest of El Paso happens. Worker bonuses may be used first." },
  lightDiscsOnDarkPosts: { source: "data", text: "[A15] Light discs may go on dark posts." },
  duplicatesStack: { source: "data", text: "[A16] Each COUNT_DUPLICATE tile lets one more duplicate card count; the highest-valued duplicates are counted." },
  wildInObjectives: { source: "data", text: "[A17] A wild worker fills a WORKER:COW/ENG/BLD requirement; WORKER:WLD needs a wild." },
  builderPool: { source: "data", text: "[A18] BUILDERS:n draws on the sum of the builder costs of the tiles owned at game end." },
  moveForfeits: { source: "data", text: "[A19] A move action ends the use of every open action source of the turn (the location, a train card or bonus tile in it); their unused actions are lost. The new location is used in full; El Paso reached this way is resolved completely." },
  bonusImmediate: { source: "data", text: "[A20] A one-time bonus tile is resolved immediately on taking it (its actions are offered at once, each optional) or forfeited." },
  tiebreak: { source: "data", text: "[A21] Tie-break: money mod 5, the dollars left after converting $5 into 1 VP. Still tied: a shared win." },
  twoDifferentWorkers: { source: "data", text: "[A22] \"Two different workers\" at B are two different types; at most one of them can be wild: $13, +$4 if one is wild. As in Mary's example they are hired one after the other: the first for $5 (+$4 wild), then optionally a second of another type for $8 (+$4 wild), with worker bonuses and exchanges usable in between." },
  buildersDuringDelivery: { source: "data", text: "[A23] The builder bonus ($2 → 1 certificate) may be used during delivery; the cap of 4 still applies." },
  finalTurns: { source: "data", text: "[A24] The player who puts the herder on the Simmental space ends their game; every other player gets one more turn, in which El Paso gives $5 and a delivery but no Simmental." },
  emptySupplies: { source: "data", text: "[A12/A26] An action taking from an empty supply (market breed, worker type, tile pile) is not offered for that item; nothing is created." },
  trashOnlyHand: { source: "data", text: "[A27] Removing a card (aux 4, remove actions) only takes cattle from the hand." },
  discardPileVisibility: { source: "ours", text: "A discard pile is face up: its owner sees all of it; everyone else sees its size and its top card. Draw piles are known by their size only, to everyone including their owner. Hands are seen by their owner only, except at delivery, where the whole hand is revealed (a public event)." },
  ownedTilesPublic: { source: "ours", text: "Objective and bonus tiles a player owns are public (as on BGA's player panel), including a tile drawn face down from a pile; the piles themselves are known by size only." },
  cowboysOnMove: { source: "ours", text: "The move option is the destination. The shortest path to it is used (BGA derives the fork), and the cowboys needed beyond the step limit are discarded automatically as their bonus; cowboys are not offered as a bonus outside a move, where they would do nothing." },
  minimalCertificates: { source: "ours", text: "A delivery option names post, disc and the certificates to spend; only the least number needed to reach the post is offered, since spending more changes nothing and certificates not spent are kept." },
  exchangeNotAtDelivery: { source: "ours", text: "Exchange tokens cannot be used once the herder is in El Paso, up to the end of its actions (the hand is revealed and delivered at once, then discarded); worker bonuses still can." },
  usedUpSourceCloses: { source: "ours", text: "An action source whose every action has been used closes by itself; otherwise the player ends it with \"done\". The turn ends (draw phase) when nothing is left open, so worker bonuses and exchanges must be used before the last action." },
  uselessActionsNotOffered: { source: "ours", text: "An action that cannot do anything now (no matching card in hand, a full certificate track, nothing affordable) is not offered." },
  startPlayer: { source: "ours", text: "Seat 0 is the start player; turn order is seat 0, 1, 2, …" },
} as const satisfies Record<string, Ruling>;

export type RulingId = keyof typeof RULINGS;
