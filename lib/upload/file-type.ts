// A person's name for a file's type, from what the browser detected (File.type) or, when it
// detected nothing, from the extension. The archive identifies formats itself on ingest; this is
// only a hint in the file list.

const BY_MEDIA_TYPE: Record<string, string> = {
  "application/pdf": "PDF document",
  "image/tiff": "TIFF image",
  "image/jpeg": "JPEG image",
  "image/png": "PNG image",
  "image/gif": "GIF image",
  "image/jp2": "JPEG 2000 image",
  "image/svg+xml": "SVG image",
  "image/webp": "WebP image",
  "text/plain": "Plain text",
  "text/csv": "CSV table",
  "text/html": "HTML page",
  "text/xml": "XML document",
  "application/xml": "XML document",
  "application/json": "JSON data",
  "application/zip": "ZIP archive",
  "application/x-zip-compressed": "ZIP archive",
  "application/msword": "Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
  "application/vnd.ms-excel": "Excel spreadsheet",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel spreadsheet",
  "application/vnd.ms-powerpoint": "PowerPoint presentation",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation":
    "PowerPoint presentation",
  "application/vnd.oasis.opendocument.text": "OpenDocument text",
  "application/vnd.oasis.opendocument.spreadsheet": "OpenDocument spreadsheet",
  "message/rfc822": "Email message",
  "audio/mpeg": "MP3 audio",
  "audio/wav": "WAV audio",
  "video/mp4": "MP4 video",
};

const BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  tif: "image/tiff",
  tiff: "image/tiff",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  jp2: "image/jp2",
  txt: "text/plain",
  csv: "text/csv",
  xml: "application/xml",
  json: "application/json",
  zip: "application/zip",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  eml: "message/rfc822",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4",
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

// "PDF document", "TIFF image", "ARW file" for unknown extensions, "Unknown type" without one.
export function describeFileType(name: string, mediaType: string = ""): string {
  const type = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  const known = BY_MEDIA_TYPE[type];
  if (known) return known;
  const extension = extensionOf(name);
  const guessed = BY_MEDIA_TYPE[BY_EXTENSION[extension] ?? ""];
  if (guessed) return guessed;
  if (extension) return `${extension.toUpperCase()} file`;
  return type || "Unknown type";
}
