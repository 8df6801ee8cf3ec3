// The decoders extractZip registers with fflate's Unzip: a deflate decoder that counts what each
// entry is fed (for the compression ratio), and refusals for methods fflate cannot decode.
import { UnzipInflate, type AsyncFlateStreamHandler, type Unzip, type UnzipDecoder } from "fflate";

// What one entry's decoder was fed; `skip` entries are not decoded at all.
export interface EntryCounter {
  compressed: number;
  skip: boolean;
}

// Methods fflate cannot decode (deflate64, bzip2, LZMA, zstd, xz, AES); registered so their data is
// discarded with a problem instead of buffered in memory.
const UNSUPPORTED_METHODS = [9, 12, 14, 93, 95, 97, 98, 99];

function discarding(method: number) {
  return class implements UnzipDecoder {
    static compression = method;
    ondata: UnzipDecoder["ondata"] = () => {};
    push(_chunk: Uint8Array, final: boolean) {
      if (!final) return;
      const error = new Error(
        `it uses compression method ${method}, which the archive cannot unpack`,
      );
      this.ondata(Object.assign(error, { code: 14 }), new Uint8Array(), true);
    }
  };
}

// fflate's inflater, counting the compressed bytes each entry is fed: the ratio is measured on
// what was read so far, so a bomb stops at its first chunk rather than after its declared size.
// A skipped entry is not inflated at all (its data could be a bomb too).
function countingInflate(counterOfNewEntry: () => EntryCounter) {
  return class implements UnzipDecoder {
    static compression = 8;
    private readonly inner = new UnzipInflate();
    private readonly counter = counterOfNewEntry();
    ondata: AsyncFlateStreamHandler = () => {};
    constructor() {
      this.inner.ondata = (error, chunk, final) => this.ondata(error, chunk, final);
    }
    push(chunk: Uint8Array, final: boolean) {
      if (this.counter.skip) return;
      this.counter.compressed += chunk.length;
      this.inner.push(chunk, final);
    }
  };
}

// Registers the decoders; `counterOfNewEntry` answers the counter of the entry being started
// (fflate creates an entry's decoder synchronously in its start()).
export function registerDecoders(unzip: Unzip, counterOfNewEntry: () => EntryCounter): void {
  unzip.register(countingInflate(counterOfNewEntry));
  for (const method of UNSUPPORTED_METHODS) unzip.register(discarding(method));
}
