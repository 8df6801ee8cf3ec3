CREATE TABLE "archive_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"claimed_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_files" (
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"version" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"puid" text,
	"format_name" text,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"blob" text NOT NULL,
	"metadatas" jsonb NOT NULL,
	CONSTRAINT "package_files_tenant_package_id_version_position_pk" PRIMARY KEY("tenant","package_id","version","position")
);
--> statement-breakpoint
CREATE TABLE "package_versions" (
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submission_id" text,
	"metadatas" jsonb NOT NULL,
	CONSTRAINT "package_versions_tenant_package_id_version_pk" PRIMARY KEY("tenant","package_id","version")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"profile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"latest_version" integer,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "packages_tenant_package_id_pk" PRIMARY KEY("tenant","package_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"plugin_name" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"execution_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"profile" text NOT NULL,
	"submitted_by" text NOT NULL,
	"submission_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sip_path" text NOT NULL,
	"version" integer
);
--> statement-breakpoint
CREATE TABLE "trace_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"subject" text NOT NULL,
	"operation" text NOT NULL,
	"object" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"receiving_since" timestamp with time zone,
	"sha256" text,
	"size" bigint,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_state_idx" ON "jobs" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "jobs_package_idx" ON "jobs" USING btree ("tenant","package_id","id");--> statement-breakpoint
CREATE INDEX "plugin_reports_submission_idx" ON "plugin_reports" USING btree ("submission_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_package_name_idx" ON "submissions" USING btree ("tenant","package_id","name");--> statement-breakpoint
CREATE INDEX "trace_events_package_idx" ON "trace_events" USING btree ("tenant","package_id","id");--> statement-breakpoint
CREATE INDEX "uploads_tenant_idx" ON "uploads" USING btree ("tenant");