// What reading a batch's files takes (zip directories, the spreadsheet, the metadata validator):
// the setup loads it when the person first chooses a file, not with the page.
export { readCsv } from "@/lib/batch/csv";
export { openSource } from "./batch-source";
export { pickFiles } from "./picked-files";
export { metadataValidator } from "./validator";
