// What format identification answers.
//
// PRONOM identifiers used here, and how sure we are of each (checked against DROID signature
// files and several preservation tools' PUID tables):
//
// | format                          | PUID                                   | sure?                          |
// |---------------------------------|----------------------------------------|--------------------------------|
// | PDF 1.0 … 1.7                   | fmt/14 … fmt/20, fmt/276               | yes                            |
// | PDF 2.0                         | fmt/1129                               | yes                            |
// | PDF/A-1a, 1b                    | fmt/95, fmt/354                        | yes                            |
// | PDF/A-2a, 2b, 2u                | fmt/476, fmt/477, fmt/478              | yes                            |
// | PDF/A-3a, 3b, 3u                | fmt/479, fmt/480, fmt/481              | yes                            |
// | PDF/A-4                         | (header version's PUID)                | no PUID known to us            |
// | TIFF                            | fmt/353                                | yes                            |
// | JFIF 1.00, 1.01, 1.02           | fmt/42, fmt/43, fmt/44                 | yes                            |
// | Exif 2.0, 2.1, 2.2 (JPEG)       | x-fmt/398, x-fmt/390, x-fmt/391        | yes                            |
// | Exif 2.21, 2.3.x (JPEG)         | fmt/645, fmt/1507                      | yes                            |
// | raw JPEG stream                 | fmt/41                                 | yes                            |
// | PNG 1.0, 1.1, 1.2               | fmt/11, fmt/12, fmt/13                 | yes (fmt/13 when unsure)       |
// | GIF 87a, 89a                    | fmt/3, fmt/4                           | yes                            |
// | ZIP                             | x-fmt/263                              | yes                            |
// | DOCX, XLSX, PPTX                | fmt/412, fmt/214, fmt/215              | yes                            |
// | DOCM, XLSM                      | fmt/523, fmt/445                       | fairly                         |
// | ODT 1.0, 1.1, 1.2, 1.3          | fmt/136, fmt/290, fmt/291, fmt/1756    | yes (1.3: fairly)              |
// | ODS 1.0, 1.1, 1.2, 1.3          | fmt/137, fmt/294, fmt/295, fmt/1755    | yes (1.3: fairly)              |
// | ODP 1.0, 1.1, 1.2, 1.3          | fmt/138, fmt/292, fmt/293, fmt/1754    | yes (1.3: fairly)              |
// | XML 1.0                         | fmt/101                                | yes                            |
// | JSON                            | fmt/817                                | yes                            |
// | plain text                      | x-fmt/111                              | yes                            |
// | CSV                             | x-fmt/18                               | yes                            |

export interface FormatIdentification {
  mimeType: string;
  /** PRONOM unique identifier, e.g. "fmt/354". */
  puid?: string;
  formatName: string;
  version?: string;
  /** True when the content's signature decided; false for a guess (name, partial read, no match). */
  confident: boolean;
}

export const UNKNOWN_FORMAT: FormatIdentification = {
  mimeType: "application/octet-stream",
  formatName: "Unknown binary data",
  confident: false,
};
