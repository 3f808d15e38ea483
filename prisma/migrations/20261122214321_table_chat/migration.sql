-- CreateTable
CREATE TABLE "MatchChat" (
    "matchId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "seat" INTEGER,
    "name" TEXT NOT NULL,
    "move" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchChat_pkey" PRIMARY KEY ("matchId","index")
);

-- AddForeignKey
ALTER TABLE "MatchChat" ADD CONSTRAINT "MatchChat_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;
