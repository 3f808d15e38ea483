-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "endReason" TEXT,
ADD COLUMN     "ownerId" TEXT,
ADD COLUMN     "table" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "ServerProcess" (
    "id" TEXT NOT NULL,
    "address" TEXT NOT NULL DEFAULT '',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServerProcess_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Match_status_ownerId_idx" ON "Match"("status", "ownerId");
