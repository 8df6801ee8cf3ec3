// Format identification: media type and PRONOM identifier of every document. A format the
// archive cannot tell is a WARNING, not a failure: the bytes are kept all the same.
import { identifyBytes, identifyFile } from "../../formats/identify";
import type { Plugin } from "./types";
import { listNames } from "./types";

export const formatIdentification: Plugin = {
  name: "format-identification",
  async run(ctx) {
    const unknown: string[] = [];
    const found: string[] = [];
    for (const doc of ctx.documents) {
      if (!doc.staged) continue;
      const { bytes, path } = doc.staged;
      const format = bytes
        ? await identifyBytes(bytes, doc.name)
        : await identifyFile(path, doc.name);
      doc.mimeType = format.mimeType;
      doc.puid = format.puid;
      doc.formatName = format.formatName;
      if (!format.confident) unknown.push(doc.name);
      found.push(`${doc.name}: ${format.formatName}${format.puid ? ` (${format.puid})` : ""}`);
    }
    if (unknown.length > 0) {
      return {
        status: "WARNING",
        message: `The format of ${listNames(unknown)} could not be identified with certainty; the files are kept as ${listNames(found)}.`,
      };
    }
    return {
      status: "SUCCESS",
      message: found.length > 0 ? `Identified ${listNames(found)}.` : "No documents to identify.",
    };
  },
};
