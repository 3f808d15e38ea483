-- CreateTable
CREATE TABLE "Player" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "rulesVersion" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "seed" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "scoreCategories" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MatchSeat" (
    "matchId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "playerId" TEXT,

    CONSTRAINT "MatchSeat_pkey" PRIMARY KEY ("matchId","seat")
);

-- CreateTable
CREATE TABLE "MatchAction" (
    "matchId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "action" JSONB NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchAction_pkey" PRIMARY KEY ("matchId","index")
);

-- CreateTable
CREATE TABLE "MatchResult" (
    "matchId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "breakdown" JSONB NOT NULL,
    "tiebreak" JSONB NOT NULL,
    "placement" INTEGER NOT NULL,
    "winner" BOOLEAN NOT NULL,

    CONSTRAINT "MatchResult_pkey" PRIMARY KEY ("matchId","seat")
);

-- CreateIndex
CREATE UNIQUE INDEX "Player_tokenHash_key" ON "Player"("tokenHash");

-- CreateIndex
CREATE INDEX "Match_status_finishedAt_idx" ON "Match"("status", "finishedAt");

-- CreateIndex
CREATE INDEX "Match_game_status_finishedAt_idx" ON "Match"("game", "status", "finishedAt");

-- CreateIndex
CREATE INDEX "MatchSeat_playerId_idx" ON "MatchSeat"("playerId");

-- AddForeignKey
ALTER TABLE "MatchSeat" ADD CONSTRAINT "MatchSeat_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchSeat" ADD CONSTRAINT "MatchSeat_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchAction" ADD CONSTRAINT "MatchAction_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchResult" ADD CONSTRAINT "MatchResult_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;
