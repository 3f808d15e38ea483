export { DEFAULT_RATE_LIMIT, type SaloonServerConfig, createSaloonServer } from "./app.ts";
export type { TableSettings } from "./table-room.ts";
