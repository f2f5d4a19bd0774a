/**
 * What a publish accepts, read from its schema (contract/schemas/content-history.schema.json),
 * so the platform, the web tier and the form agree on the note.
 */
import contentHistorySchema from "./schemas/content-history.schema.json";

/** The longest note a publish takes. */
export const PUBLISH_NOTE_MAX = contentHistorySchema.$defs.publishRequest.properties.note.maxLength;
