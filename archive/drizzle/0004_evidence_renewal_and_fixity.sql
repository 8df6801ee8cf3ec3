CREATE TABLE "fixity_checks" (
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"passed" boolean NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"read_ms" integer NOT NULL,
	"failures" jsonb NOT NULL,
	CONSTRAINT "fixity_checks_tenant_package_id_pk" PRIMARY KEY("tenant","package_id")
);
--> statement-breakpoint
ALTER TABLE "sealed_versions" ADD COLUMN "last_stamp_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sealed_versions" ADD COLUMN "digest_algorithm" text DEFAULT 'sha256' NOT NULL;--> statement-breakpoint
ALTER TABLE "sealed_versions" ADD COLUMN "renewals" integer DEFAULT 0 NOT NULL;