CREATE TABLE "batch_items" (
	"batch_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"title" text,
	"package_id" text,
	"submission_name" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_items_batch_id_item_key_pk" PRIMARY KEY("batch_id","item_key"),
	CONSTRAINT "batch_items_state_check" CHECK ("batch_items"."state" in ('queued', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"name" text NOT NULL,
	"profile" text NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_items_submission_idx" ON "batch_items" USING btree ("package_id","submission_name");--> statement-breakpoint
CREATE INDEX "batches_tenant_created_idx" ON "batches" USING btree ("tenant","created_at");