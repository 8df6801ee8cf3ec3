// The values the fuzz cases are made of: methods, and path segments that have broken routers.
// Written as space-separated words to keep the lists short.
const words = (text: string) => text.trim().split(/\s+/);

export const METHODS = words("GET HEAD POST PUT PATCH DELETE OPTIONS");
export const ODD_METHODS = words("TRACE TRACK PROPFIND MKCOL PURGE LINK FOO get M-SEARCH");

// Malformed or overlong escapes, encoded separators and dots, characters routers treat specially.
export const NASTY_SEGMENTS = words(`
  % %f %ff %zz %c3 %c3%28 %e2%82 %ed%a0%80 %f0%9f%92 %% %0 %u0041 %25%ff %2F %5C %00 %0A %0d%0a
  .. . %2e%2e %2e ~ %E6%9D%B1 %C3%9C %EF%BF%BF %F4%90%80%80 a;b a,b @ ! $ ' ( ) * + = : [ ] { }
  | ^ \` " < >
`);

// Names the routes know: preservation operations, next-auth actions, a tenant, an object id.
export const KNOWN_SEGMENTS = words(`
  RetrieveInfo PreservePO RetrievePO DeletePO Search RetrieveTrace ValidateEvidence UpdatePOC
  session csrf providers signin signout callback oidc error verify-request webauthn-options demo po-1
`);

// Query parameters the pages and routes read.
export const QUERY_KEYS = words(`
  q callbackUrl status before format fi version page error reason tenant action target outcome
  from to _rsc x
`);

// Query values aimed at redirects, filters and number parsing.
export const QUERY_VALUES = words(`
  /%09/evil.example //evil.example https://evil.example /objects csv json pending -1 1e309 NaN
`);

export const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain;charset=UTF-8",
  "multipart/form-data; boundary=fuzzboundary",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "application/zip",
  "text/event-stream",
  "application/xml",
  'x/y; a="',
  ";;;",
];
