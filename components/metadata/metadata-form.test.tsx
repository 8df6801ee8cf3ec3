import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SHARED_METADATA_SCHEMAS_DIR } from "@scriptorium/contract/config";
import { emptyMetadataEntry, type MetadataEntryDraft } from "@/lib/metadata/entry";
import { listSchemas } from "@/lib/metadata/registry";
import { MetadataForm } from "./metadata-form";

const schemas = listSchemas(SHARED_METADATA_SCHEMAS_DIR);
const DC = "http://purl.org/dc/elements/1.1/";
const RM = "urn:scriptorium:schema:records-management:1.0";

function render(value: MetadataEntryDraft, showErrors = false) {
  return renderToStaticMarkup(
    <MetadataForm
      schemas={schemas}
      value={value}
      onChange={() => {}}
      showErrors={showErrors}
      idPrefix="pkg"
    />,
  );
}

// The element whose id is `id`, as markup.
function element(html: string, id: string): string {
  const match = new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element with id ${id}`);
  return match[0];
}

describe("MetadataForm", () => {
  it("offers every schema in a labelled select and nothing else until one is chosen", () => {
    const html = render(emptyMetadataEntry());
    expect(html).toContain('<label for="pkg-schema"');
    for (const s of schemas) expect(html).toContain(`>${s.title}</option>`);
    expect(html).not.toContain("Fill in the fields");
  });

  it("renders nested objects, enums, dates and lists of the schema, each field labelled with its help text", () => {
    const html = render({ ...emptyMetadataEntry(RM), fields: { agents: [{ role: "creator" }] } });
    expect(html).toMatch(/<legend[^>]*>Retention<span[^>]*aria-hidden="true">\*<\/span>/);
    expect(html).toMatch(/<label for="pkg_retention_policy"[^>]*>Policy/);
    expect(element(html, "pkg_retention_policy")).toMatch(/^<select/);
    expect(element(html, "pkg_dates_created")).toContain('type="date"');
    expect(element(html, "pkg_retention_periodYears")).toContain('type="number"');
    expect(element(html, "pkg_record_reference")).toContain("pkg_record_reference__description");
    expect(html).toContain(
      "The reference number the organisation gave the record, e.g. HR-2024-0153.",
    );
    expect(html).toContain('aria-label="Remove item 1 of 1"');
    expect(html).toContain("Add agent</button>");
  });

  it("shows no errors before the first submit attempt", () => {
    const html = render(emptyMetadataEntry(RM));
    expect(html).not.toContain(`aria-invalid="`);
    expect(html).not.toContain("This field is required.");
  });

  it("after a submit attempt, shows each error at its field and marks the field invalid", () => {
    const html = render(
      { ...emptyMetadataEntry(DC), fields: { date: "20", creator: ["Smith, Jane"] } },
      true,
    );
    expect(element(html, "pkg_title")).toContain('aria-invalid="true"');
    expect(element(html, "pkg_title")).toContain('aria-describedby="pkg_title__error');
    expect(html).toMatch(/<ul id="pkg_title__error"[^>]*><li[^>]*>This field is required\.<\/li>/);
    expect(html).toMatch(
      /<ul id="pkg_date__error"[^>]*><li[^>]*>Enter a value in the expected form, e\.g\. 2024, 2024-03, 2024-03-15\.<\/li>/,
    );
    expect(element(html, "pkg_creator_0")).not.toContain(`aria-invalid="`);
    expect(html).toMatch(/<label for="pkg_creator_0"[^>]*>Creator 1<\/label>/);
  });

  it("asks for a schema when the wizard was submitted without one", () => {
    const html = render(emptyMetadataEntry(), true);
    expect(element(html, "pkg-schema")).toContain('aria-invalid="true"');
    expect(html).toContain("Choose a metadata schema.");
  });

  it("in file mode offers a file input that takes XML for Dublin Core only", () => {
    const dc = render({ ...emptyMetadataEntry(DC), mode: "file" });
    expect(element(dc, "pkg-file")).toContain('accept=".json,.xml');
    expect(dc).toContain('<label for="pkg-file"');
    expect(dc).not.toContain('id="pkg_title"');
    const rm = render({ ...emptyMetadataEntry(RM), mode: "file" }, true);
    expect(element(rm, "pkg-file")).toContain('accept=".json,application/json"');
    expect(rm).toContain("Choose a metadata file, or fill in the fields instead.");
  });

  it("lists what is wrong with an attached file", () => {
    const file = {
      name: "rm.json",
      size: 12,
      base64: "e30=",
      problems: ["rm.json does not fit Records management: Record: This field is required."],
    };
    const html = render({ ...emptyMetadataEntry(RM), mode: "file", file });
    expect(html).toContain("rm.json does not fit Records management");
    expect(html).toContain('aria-label="Remove rm.json"');
  });
});
