// A path value that a `uuid` column is compared with: PostgreSQL refuses anything else with an
// error, so a route checks the shape first and answers "no such thing" for the rest.
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
