CREATE TABLE "submission_blobs" (
	"submission_id" text NOT NULL,
	"blob" text NOT NULL,
	CONSTRAINT "submission_blobs_blob_submission_id_pk" PRIMARY KEY("blob","submission_id")
);
--> statement-breakpoint
CREATE INDEX "submission_blobs_submission_idx" ON "submission_blobs" USING btree ("submission_id");