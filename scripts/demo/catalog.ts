// The demo data set: packages under several profiles, in many formats, with Dublin Core and
// records-management metadata, two failures, a warning, a delta SIP and a metadata update, two
// objects preserved through PreservePO, a deletion and a review. Fixed ids ("demo-...") make a
// second run find everything in place and change nothing.
import { csv, docx, json, pdfWithText, plain, png, tiff, unknownBinary, xmlText } from "./files";
import {
  DC,
  PREMIS,
  RM,
  type DemoDeletion,
  type DemoPreservation,
  type DemoReview,
  type DemoSip,
} from "./types";

const rm = (title: string, reference: string, code: string, level: string, years: number) => ({
  schema: RM,
  metadata: {
    record: { title, reference, classification: { code } },
    retention: { policy: "legal", trigger: "closure", periodYears: years, disposal: "review" },
    security: { level },
  },
});
const dc = (metadata: Record<string, unknown>) => ({ schema: DC, metadata });

// First wave: new packages, each independent of the others.
const NEW_PACKAGES: DemoSip[] = [
  {
    kind: "document",
    packageId: "demo-board-minutes-2024",
    submission: "sip-1",
    actor: "archivist",
    tenant: "demo",
    profile: "records-10y",
    expect: { status: "INGESTED" },
    about: "board minutes: two PDFs and a DOCX agenda, records management + Dublin Core",
    documents: [
      {
        name: "minutes-2024-01.pdf",
        bytes: pdfWithText("Board minutes, January 2024", [
          "Present: the chair, the treasurer, four members.",
          "1. The annual budget is approved.",
          "2. The archive move is planned for May.",
        ]),
      },
      {
        name: "minutes-2024-02.pdf",
        bytes: pdfWithText("Board minutes, February 2024", [
          "Present: the chair, five members.",
          "1. The digitisation tender is awarded.",
        ]),
      },
      {
        name: "agenda-2024-03.docx",
        bytes: docx([
          "Agenda of the board meeting of 14 March 2024",
          "1. Minutes of February",
          "2. Retention schedule review",
        ]),
      },
    ],
    metadatas: [
      rm("Board minutes 2024", "BRD-2024", "GOV.02", "internal", 10),
      dc({
        title: "Board minutes 2024",
        creator: ["Secretariat"],
        date: "2024",
        type: "Text",
        language: ["en"],
      }),
    ],
  },
  {
    kind: "document",
    packageId: "demo-invoices-2024-q1",
    submission: "sip-1",
    actor: "archivist",
    tenant: "demo",
    profile: "records-10y",
    expect: { status: "INGESTED" },
    about: "invoices: CSV ledger, PDF invoice and its XML",
    documents: [
      {
        name: "ledger-2024-q1.csv",
        bytes: csv([
          ["invoice", "date", "supplier", "amount", "currency"],
          [1041, "2024-01-09", "Northwind Paper", 412.5, "EUR"],
          [1042, "2024-02-02", "Harbour Logistics", 1280, "EUR"],
          [1043, "2024-03-18", "Atlas Scanning", 3150, "EUR"],
        ]),
      },
      {
        name: "invoice-1043.pdf",
        bytes: pdfWithText("Invoice 1043", [
          "Atlas Scanning",
          "Digitisation of 1,200 glass plates",
          "Total: 3,150.00 EUR",
        ]),
      },
      {
        name: "invoice-1043.xml",
        bytes: xmlText(
          '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1043</ID><IssueDate>2024-03-18</IssueDate><PayableAmount currencyID="EUR">3150.00</PayableAmount></Invoice>',
        ),
      },
    ],
    metadatas: [
      rm("Supplier invoices, first quarter 2024", "FIN-INV-2024-Q1", "FIN.04", "confidential", 10),
      dc({ title: "Supplier invoices Q1 2024", date: "2024-03", type: "Dataset" }),
    ],
  },
  {
    kind: "document",
    packageId: "demo-harbour-photographs",
    submission: "sip-1",
    actor: "archivist",
    tenant: "demo",
    profile: "permanent-archive",
    expect: { status: "INGESTED" },
    about: "photographs: two TIFF masters and a PNG access copy, PREMIS per file",
    documents: [
      {
        name: "harbour-1923.tif",
        bytes: tiff(96, 64, 1),
        metadatas: [
          {
            schema: PREMIS,
            metadata: {
              format: { name: "Tagged Image File Format", puid: "fmt/353", mimeType: "image/tiff" },
            },
          },
        ],
      },
      { name: "quay-1931.tif", bytes: tiff(96, 64, 3) },
      { name: "harbour-1923-access.png", bytes: png(160, 107, 1) },
    ],
    metadatas: [
      dc({
        title: "Harbour photographs 1923–1931",
        creator: ["Municipal photo service"],
        type: "StillImage",
        coverage: ["Antwerp harbour"],
        rights: "Public domain",
      }),
    ],
  },
  {
    kind: "document",
    packageId: "demo-staff-handbook",
    submission: "sip-1",
    actor: "archivist",
    tenant: "demo",
    profile: "default",
    expect: { status: "INGESTED" },
    about: "staff handbook 2024 (a second version follows)",
    documents: [
      {
        name: "staff-handbook.pdf",
        bytes: pdfWithText("Staff handbook 2024", [
          "Working hours, leave, travel and expenses.",
          "Version 2024.1",
        ]),
      },
    ],
    metadatas: [
      dc({
        title: "Staff handbook",
        publisher: ["Human resources"],
        date: "2024-01",
        type: "Text",
      }),
    ],
  },
  {
    kind: "document",
    packageId: "demo-logger-export",
    submission: "sip-1",
    actor: "archivist",
    tenant: "demo",
    profile: "default",
    expect: { status: "INGESTED", outcome: "WARNING" },
    about: "logger export with a raw binary dump: ingested with a format warning",
    documents: [
      {
        name: "README.txt",
        bytes: plain(
          "Temperature logger T-7, repository basement.\nreadings.csv: one row per hour. logger-raw.bin: the logger's own dump, kept as delivered.",
        ),
      },
      {
        name: "readings.csv",
        bytes: csv([
          ["time", "celsius", "humidity"],
          ...Array.from({ length: 24 }, (_, h) => [
            `2024-06-01T${String(h).padStart(2, "0")}:00Z`,
            (17 + Math.sin(h / 4)).toFixed(1),
            48 + (h % 5),
          ]),
        ]),
      },
      { name: "logger-raw.bin", bytes: unknownBinary(768) },
    ],
    metadatas: [dc({ title: "Basement climate readings, June 2024", type: "Dataset" })],
  },
  {
    kind: "document",
    packageId: "demo-grant-report-draft",
    submission: "sip-1",
    actor: "archivist",
    tenant: "demo",
    profile: "default",
    expect: { status: "FAILED", outcome: "FAILURE" },
    about: "grant report whose uploaded metadata file has an invalid date: fails validation",
    documents: [
      {
        name: "grant-report.docx",
        bytes: docx(["Interim report to the heritage fund", "Work done in the first year."]),
      },
    ],
    metadatas: [
      {
        schema: DC,
        upload: true,
        file: {
          name: "grant-report-dc.json",
          bytes: json({ title: "Interim grant report", date: "last spring" }),
        },
      },
    ],
  },
  {
    kind: "bag",
    packageId: "demo-correspondence-1952",
    submission: "sip-1",
    actor: "admin",
    tenant: "demo",
    profile: "records-10y",
    expect: { status: "INGESTED" },
    about: "BagIt SIP of letters with an index",
    files: [
      {
        path: "letters/1952-03-14-to-ministry.pdf",
        bytes: pdfWithText("Letter of 14 March 1952", [
          "To the Ministry of Public Works,",
          "concerning the reconstruction of the north quay.",
        ]),
      },
      {
        path: "letters/1952-04-02-reply.pdf",
        bytes: pdfWithText("Letter of 2 April 1952", [
          "Reply of the Ministry: funds granted for 1953.",
        ]),
      },
      {
        path: "index.csv",
        bytes: csv([
          ["file", "date", "from", "to"],
          ["1952-03-14-to-ministry.pdf", "1952-03-14", "Harbour board", "Ministry"],
          ["1952-04-02-reply.pdf", "1952-04-02", "Ministry", "Harbour board"],
        ]),
      },
    ],
    metadatas: [
      rm("Correspondence with the ministry, 1952", "COR-1952-07", "COR.01", "public", 10),
      dc({ title: "Correspondence with the ministry, 1952", date: "1952", type: "Text" }),
    ],
  },
  {
    kind: "bag",
    packageId: "demo-transfer-damaged",
    submission: "sip-1",
    actor: "admin",
    tenant: "demo",
    profile: "permanent-archive",
    expect: { status: "FAILED", outcome: "FAILURE" },
    about: "BagIt SIP damaged in transit (a checksum no longer matches): fails",
    files: [
      { path: "maps/city-plan-1910.tif", bytes: tiff(80, 80, 5) },
      {
        path: "maps/legend.txt",
        bytes: plain("City plan 1910, scale 1:5000, surveyed by the city engineer."),
      },
    ],
    damage: "data/maps/city-plan-1910.tif",
    metadatas: [dc({ title: "City plan 1910", type: "StillImage" })],
  },
  {
    kind: "document",
    packageId: "demo-withdrawn-draft",
    submission: "sip-1",
    actor: "admin",
    tenant: "demo",
    profile: "default",
    expect: { status: "INGESTED" },
    about: "a draft sent by mistake (deleted below)",
    documents: [
      {
        name: "press-release-draft.docx",
        bytes: docx(["DRAFT - not for release", "The archive opens its new reading room."]),
      },
    ],
    metadatas: [dc({ title: "Press release (draft)", type: "Text" })],
  },
  {
    kind: "document",
    packageId: "demo-coastal-survey-2023",
    submission: "sip-1",
    actor: "admin",
    tenant: "research",
    profile: "research-data",
    expect: { status: "INGESTED" },
    about: "research data set: CSV, JSON, XML and a README (tenant research)",
    documents: [
      {
        name: "survey-points.csv",
        bytes: csv([
          ["point", "lat", "lon", "depth_m"],
          ["P1", 51.2401, 4.3853, 12.4],
          ["P2", 51.2433, 4.3902, 9.8],
          ["P3", 51.2467, 4.3951, 7.1],
        ]),
      },
      {
        name: "instrument.json",
        bytes: json({
          instrument: "multibeam echo sounder",
          calibration: "2023-04-11",
          accuracy_m: 0.05,
        }),
      },
      {
        name: "method.xml",
        bytes: xmlText(
          "<method><step>Calibrate</step><step>Survey at slack tide</step><step>Correct for tide gauge</step></method>",
        ),
      },
      {
        name: "README.txt",
        bytes: plain(
          "Coastal survey 2023: three sounding points near the north quay. See method.xml.",
        ),
      },
    ],
    metadatas: [
      dc({
        title: "Coastal survey 2023",
        creator: ["Marine geology group"],
        type: "Dataset",
        rights: "CC BY 4.0",
      }),
    ],
  },
  {
    kind: "document",
    packageId: "demo-sensor-calibration",
    submission: "sip-1",
    actor: "admin",
    tenant: "research",
    profile: "research-data",
    expect: { status: "INGESTED" },
    about: "calibration certificate and values (tenant research)",
    documents: [
      {
        name: "calibration.json",
        bytes: json({ sensor: "T-7", offset_c: -0.12, checked: "2024-05-30" }),
      },
      {
        name: "certificate.pdf",
        bytes: pdfWithText("Calibration certificate", [
          "Sensor T-7",
          "Offset -0.12 C, within tolerance.",
        ]),
      },
    ],
    metadatas: [dc({ title: "Calibration of sensor T-7", type: "Dataset" })],
  },
];

// Second wave: versions of packages of the first.
const NEW_VERSIONS: DemoSip[] = [
  {
    kind: "document",
    packageId: "demo-staff-handbook",
    submission: "sip-2",
    actor: "archivist",
    tenant: "demo",
    profile: "default",
    expect: { status: "INGESTED" },
    about: "delta SIP: the 2025 handbook replaces the 2024 one, with a list of changes",
    documents: [
      {
        name: "staff-handbook.pdf",
        bytes: pdfWithText("Staff handbook 2025", [
          "Working hours, leave, travel and expenses.",
          "Version 2025.1: remote work rules added.",
        ]),
      },
      {
        name: "changes-2025.txt",
        bytes: plain("2025.1: a chapter on remote work; travel allowances updated."),
      },
    ],
    metadatas: [
      dc({
        title: "Staff handbook",
        publisher: ["Human resources"],
        date: "2025-01",
        type: "Text",
      }),
    ],
  },
  {
    kind: "update",
    packageId: "demo-board-minutes-2024",
    submission: "sip-2",
    actor: "archivist",
    tenant: "demo",
    profile: "records-10y",
    expect: { status: "INGESTED" },
    about: "metadata update: the minutes become confidential",
    metadatas: [rm("Board minutes 2024", "BRD-2024", "GOV.02", "confidential", 10)],
  },
];

export const SIP_WAVES: readonly DemoSip[][] = [NEW_PACKAGES, NEW_VERSIONS];

export const PRESERVATIONS: readonly DemoPreservation[] = [
  {
    marker: "demo-lease-agreement-2024.pdf",
    actor: "archivist",
    tenant: "demo",
    profile: "urn:scriptorium:profile:signed-documents:1.0",
    about: "a signed lease agreement with its Dublin Core record",
    pos: [
      {
        id: "demo-lease-agreement-2024.pdf",
        bytes: pdfWithText("Lease agreement", [
          "Between the city and the archive, for the depot at Quay 12.",
          "Signed on 2 September 2024.",
        ]),
        mimeType: "application/pdf",
      },
      {
        id: "demo-lease-agreement-2024.dc.json",
        bytes: json({ title: "Lease agreement, depot Quay 12", date: "2024-09-02", type: "Text" }),
        mimeType: "application/json",
        formatId: DC,
        relObj: ["demo-lease-agreement-2024.pdf"],
      },
    ],
  },
  {
    marker: "demo-annual-report-2023.pdf",
    actor: "archivist",
    tenant: "demo",
    profile: "urn:scriptorium:profile:general:1.0",
    about: "the annual report with its figures",
    pos: [
      {
        id: "demo-annual-report-2023.pdf",
        bytes: pdfWithText("Annual report 2023", [
          "Visitors: 12,480. Requests answered: 3,912.",
          "Metres of shelving added: 640.",
        ]),
        mimeType: "application/pdf",
      },
      {
        id: "demo-annual-report-2023-figures.csv",
        bytes: csv([
          ["measure", "2022", "2023"],
          ["visitors", 11020, 12480],
          ["requests", 3511, 3912],
        ]),
        mimeType: "text/csv",
      },
    ],
  },
];

export const DELETIONS: readonly DemoDeletion[] = [
  {
    poId: "demo-withdrawn-draft",
    tenant: "demo",
    mode: "OnlySubDOs",
    reason:
      "Draft press release sent to the archive by mistake; the published version is kept elsewhere.",
  },
];

export const REVIEWS: readonly DemoReview[] = [
  {
    packageId: "demo-logger-export",
    submission: "sip-1",
    tenant: "demo",
    note: "Checked: logger-raw.bin is the logger's own format, kept as delivered; the README explains it.",
  },
];
