CREATE TABLE "upload_parts" (
	"upload_id" text NOT NULL,
	"part_number" integer NOT NULL,
	"state" text NOT NULL,
	"size" bigint,
	"sha256" text,
	"receiving_since" timestamp with time zone,
	"stored_at" timestamp with time zone,
	CONSTRAINT "upload_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "declared_size" bigint;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "part_size" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "part_count" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "completion_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_upload_id_idx" ON "uploads" USING btree ("upload_id");