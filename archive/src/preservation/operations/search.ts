// Search: the poIds of the caller's tenant whose latest version matches `fi` (syntax in
// ../search-filter.ts). Deleted objects are never found; other tenants' objects are never searched.
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { SearchRequest } from "@scriptorium/contract/preservation/schemas";
import { packageFiles, packages, packageVersions } from "../../db/schema";
import type { StoredMetadata } from "../../ingest/store";
import type { Operation, PreservationServices } from "../context";
import { requesterError } from "../errors";
import {
  FilterSyntaxError,
  flattenMetadata,
  idPrefixes,
  matchesFilter,
  parseFilter,
  type SearchDocument,
  type SearchFilter,
} from "../search-filter";

// Prefixes of the field form (dc:title=...); one whose schema is not registered matches nothing.
const KNOWN_PREFIXES: Record<string, string> = {
  dc: "http://purl.org/dc/elements/1.1/",
  rm: "urn:scriptorium:schema:records-management:1.0",
  premis: "urn:scriptorium:schema:premis-lite:1.0",
};

// POST /preservation/Search – find objects of the caller's tenant
export const search: Operation<SearchRequest> = async (request, ctx) => {
  let filter: SearchFilter;
  try {
    filter = parseFilter(request.fi);
  } catch (error) {
    if (error instanceof FilterSyntaxError)
      throw requesterError("parameterError", `The filter fi is malformed: ${error.message}`);
    throw error;
  }
  const registered = new Set(ctx.services.metadata.list().map((s) => s.uri));
  const prefixes = new Map(Object.entries(KNOWN_PREFIXES).filter(([, uri]) => registered.has(uri)));
  const documents = await searchDocuments(
    ctx.services,
    ctx.caller.tenant,
    ctx.now,
    idPrefixes(filter),
  );
  return {
    body: { poId: documents.filter((d) => matchesFilter(d, filter, prefixes)).map((d) => d.poId) },
  };
};

// `%`, `_` and `\` are ordinary characters of a packageId, not LIKE's wildcards.
const likePrefix = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

// One document per live object of the tenant whose poId begins with every one of `prefixes`, from
// its latest version, in creation order. The prefixes narrow the rows in SQL, so a client walking
// the tenant by id prefix costs the archive the objects of each prefix, not the whole tenant.
async function searchDocuments(
  services: PreservationServices,
  tenant: string,
  now: Date,
  prefixes: string[],
): Promise<SearchDocument[]> {
  const { db } = services;
  const narrowed: SQL[] = prefixes.map(
    (prefix) => sql`lower(${packages.packageId}) like ${likePrefix(prefix)}`,
  );
  const latest = and(
    eq(packageVersions.tenant, packages.tenant),
    eq(packageVersions.packageId, packages.packageId),
    eq(packageVersions.version, packages.latestVersion),
  );
  const versions = await db
    .select({
      packageId: packages.packageId,
      profile: packages.profile,
      version: packageVersions.version,
      metadatas: packageVersions.metadatas,
    })
    .from(packages)
    .innerJoin(packageVersions, latest)
    .where(and(eq(packages.tenant, tenant), isNull(packages.deletedAt), ...narrowed))
    .orderBy(packages.createdAt);
  const files = await db
    .select({
      packageId: packageFiles.packageId,
      version: packageFiles.version,
      name: packageFiles.name,
      mimeType: packageFiles.mimeType,
      metadatas: packageFiles.metadatas,
    })
    .from(packageFiles)
    .innerJoin(
      packages,
      and(
        eq(packages.tenant, packageFiles.tenant),
        eq(packages.packageId, packageFiles.packageId),
        eq(packages.latestVersion, packageFiles.version),
      ),
    )
    .where(and(eq(packageFiles.tenant, tenant), isNull(packages.deletedAt), ...narrowed));
  const filesOf = new Map<string, typeof files>();
  for (const file of files) {
    const list = filesOf.get(file.packageId);
    if (list) list.push(file);
    else filesOf.set(file.packageId, [file]);
  }
  return versions.map((v) => {
    const own = filesOf.get(v.packageId) ?? [];
    const metadatas = [
      ...(v.metadatas as StoredMetadata[]),
      ...own.flatMap((f) => f.metadatas as StoredMetadata[]),
    ];
    return {
      poId: v.packageId,
      profile: services.profiles.forIngestProfile(v.profile, now)?.pid,
      ids: [
        String(v.version),
        ...own.map((f) => f.name),
        ...metadatas.flatMap((m) => (m.file ? [m.file.name] : [])),
      ],
      names: own.map((f) => f.name),
      mimeTypes: own.map((f) => f.mimeType),
      fields: metadatas.flatMap((m) => flattenMetadata(m.schema, m.metadata)),
    };
  });
}
