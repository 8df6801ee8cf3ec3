CREATE TABLE "sealed_versions" (
	"tenant" text NOT NULL,
	"package_id" text NOT NULL,
	"version" integer NOT NULL,
	"objects" jsonb NOT NULL,
	"evidence_time" timestamp with time zone NOT NULL,
	"root" text NOT NULL,
	"records" jsonb NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data_deleted_at" timestamp with time zone,
	CONSTRAINT "sealed_versions_tenant_package_id_version_pk" PRIMARY KEY("tenant","package_id","version")
);
