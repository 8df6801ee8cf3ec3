// A file of a batch as the page keeps it: a File the person chose, or an entry of a zip they
// chose, opened only when its package is sent (lib/batch/zip.ts). Both survive IndexedDB: a zip
// entry is the zip's File and the entry's place in it.
import { openZipEntry, type ZipEntry } from "@/lib/batch/zip";

export interface ZipMember {
  zip: File;
  entry: ZipEntry;
}

export type BatchSource = File | ZipMember;

export const isZipMember = (source: BatchSource): source is ZipMember => !(source instanceof Blob);

const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

// The source's bytes as a File named after it.
export async function openSource(source: BatchSource, signal?: AbortSignal): Promise<File> {
  if (!isZipMember(source)) return source;
  const blob = await openZipEntry(source.zip, source.entry, { signal });
  return new File([blob], baseName(source.entry.name));
}

export const sizeOfSource = (source: BatchSource) =>
  isZipMember(source) ? source.entry.size : source.size;
