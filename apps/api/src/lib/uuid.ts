const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string is a UUID, the type of our row ids. Text from outside (a provider's reference, a
 * search box) is checked before it is compared with a `uuid` column: PostgreSQL refuses to cast
 * anything else, which would fail the whole statement instead of finding no row.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
