// Schema URIs the dashboard treats specially. Kept apart from the archive's Dublin Core XML reader
// so that client code can name the URI without bundling an XML parser.
export const DUBLIN_CORE_URI = "http://purl.org/dc/elements/1.1/";
