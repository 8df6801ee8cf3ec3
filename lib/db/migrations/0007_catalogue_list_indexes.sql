ALTER INDEX "catalogue_objects_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "catalogue_objects_formats_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('catalogue_objects_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('catalogue_objects_formats_idx'::regclass);--> statement-breakpoint
DROP INDEX "catalogue_objects_profile_idx";--> statement-breakpoint
CREATE INDEX "catalogue_objects_profile_idx" ON "catalogue_objects" USING btree ("tenant",coalesce("profile_name", ''),"sort_title","po_id");
