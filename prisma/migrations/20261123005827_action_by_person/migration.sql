-- AlterTable
ALTER TABLE "MatchAction" ADD COLUMN     "byPerson" BOOLEAN NOT NULL DEFAULT false;
