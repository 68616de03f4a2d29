// The full Drizzle schema: one import per area file in ./schema. Later areas add their file here
// so typed queries (`db.query.<table>`) and migrations see every table.
import * as platform from './schema/platform';

export const tables = { ...platform };
export type Tables = typeof tables;
