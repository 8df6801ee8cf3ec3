CREATE TABLE "catalogue_objects" (
	"tenant" text NOT NULL,
	"po_id" text NOT NULL,
	"title" text,
	"description" text,
	"profile" text,
	"profile_name" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"formats" text[] DEFAULT '{}'::text[] NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"total_size" bigint DEFAULT 0 NOT NULL,
	"version_count" integer,
	"state" text NOT NULL,
	"last_submission" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by_id" text,
	"submitted_by_name" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"deletion_reason" text,
	"evidence_kept" boolean,
	"deletion_requested_at" timestamp with time zone,
	"deletion_requested_by" text,
	"sort_title" text NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"search" "tsvector" NOT NULL,
	"details_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_objects_tenant_po_id_pk" PRIMARY KEY("tenant","po_id"),
	CONSTRAINT "catalogue_objects_state_check" CHECK ("catalogue_objects"."state" in ('ingesting', 'ingested', 'failed', 'deletion-requested', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_sync" (
	"tenant" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"run_id" uuid,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prefixes_done" integer DEFAULT 0 NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	"retrieved" integer DEFAULT 0 NOT NULL,
	"corrected" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_run" jsonb
);
--> statement-breakpoint
CREATE INDEX "catalogue_objects_search_idx" ON "catalogue_objects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "catalogue_objects_formats_idx" ON "catalogue_objects" USING gin ("formats");--> statement-breakpoint
CREATE INDEX "catalogue_objects_title_idx" ON "catalogue_objects" USING btree ("tenant","sort_title","po_id");--> statement-breakpoint
CREATE INDEX "catalogue_objects_created_idx" ON "catalogue_objects" USING btree ("tenant","created_at","po_id");--> statement-breakpoint
CREATE INDEX "catalogue_objects_size_idx" ON "catalogue_objects" USING btree ("tenant","total_size","po_id");--> statement-breakpoint
CREATE INDEX "catalogue_objects_profile_idx" ON "catalogue_objects" USING btree ("tenant","profile_name","sort_title","po_id");--> statement-breakpoint
CREATE INDEX "catalogue_objects_state_idx" ON "catalogue_objects" USING btree ("tenant","state","sort_title","po_id");--> statement-breakpoint
CREATE INDEX "catalogue_objects_submitter_idx" ON "catalogue_objects" USING btree ("tenant","submitted_by_id");