CREATE TABLE "status_snapshots" (
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"submission_name" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_snapshots_tenant_package_id_submission_name_pk" PRIMARY KEY("tenant","package_id","submission_name")
);
